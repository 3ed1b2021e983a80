package io.proxybench.loadtest.plan;

import io.proxybench.loadtest.template.PlaceholderTemplate;
import io.proxybench.loadtest.template.RunPlaceholder;
import io.proxybench.loadtest.template.TemplateException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The settings a front end's definition declares, each with a default that may be a template
 * ({@code "{{4 * connections + 128}}"}), and which a variant such as {@code nginx[worker_processes=1]}
 * overrides: known keys only; where the default is a whole number, a positive whole number; where
 * it is a switch, on/off or true/false (written as true/false); any text otherwise. Each setting is
 * then a placeholder of the definition's templates.
 *
 * @param server   the front end's name, first in every message
 * @param defaults each setting's default, in the order declared (a default may read the ones above)
 * @param file     where they were declared
 * @param line     the definition's line there
 */
public record DefinedSettings(String server, Map<String, String> defaults, String file, int line) {

    /** Run values good enough to check a variant's settings before the run has any. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

    public DefinedSettings {
        defaults = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
    }

    public static DefinedSettings none(String server) {
        return new DefinedSettings(server, Map.of(), server, 0);
    }

    public Set<String> names() {
        return defaults.keySet();
    }

    /** Names that are the kit's, or not a name, are refused; so is a default that cannot be worked out. */
    public void checkDeclared() throws PlanException {
        for (String name : defaults.keySet()) {
            if (!NAME.matcher(name).matches() || RunPlaceholder.keys().contains(name)) {
                throw new PlanException(file + ":" + line + ": settings: '" + name
                        + "' is not a name of its own (letters, digits, '_' and '-', none of the kit's placeholders)");
            }
        }
        check(Map.of());
    }

    /** A variant's settings checked before the run starts: the answer to a typo, in one line. */
    public void check(Map<String, String> given) throws PlanException {
        resolve(given, RunPlaceholder.samples());
    }

    /** {@code runValues} with every setting added: the variant's value where it gives one, else the default. */
    public Map<String, String> resolve(Map<String, String> given, Map<String, String> runValues) throws PlanException {
        for (String key : given.keySet()) {
            if (!defaults.containsKey(key)) {
                throw new PlanException(server + ": unknown setting '" + key + "'"
                        + (defaults.isEmpty()
                                ? " (it declares none)"
                                : " (known: " + String.join(", ", names()) + ")"));
            }
        }
        Map<String, String> values = new LinkedHashMap<>(runValues);
        for (Map.Entry<String, String> setting : defaults.entrySet()) {
            String fallback;
            try {
                fallback = new PlaceholderTemplate(setting.getValue(), file, line).render(values);
            } catch (TemplateException e) {
                throw new PlanException(e.getMessage() + " (default of setting " + setting.getKey() + ")");
            }
            String value = given.get(setting.getKey());
            values.put(
                    setting.getKey(),
                    value == null ? normalized(fallback) : checked(setting.getKey(), value, fallback));
        }
        return values;
    }

    private String checked(String key, String value, String fallback) throws PlanException {
        if (isSwitch(fallback)) {
            if (!isSwitch(value)) {
                throw new PlanException(server + ": " + key + "=" + value + " must be on or off");
            }
            return normalized(value);
        }
        if (fallback.trim().matches("-?\\d+")) {
            if (!value.trim().matches("\\d+") || value.trim().matches("0+")) {
                throw new PlanException(server + ": " + key + "=" + value + " is not a positive whole number");
            }
            return value.trim();
        }
        return value;
    }

    private static boolean isSwitch(String value) {
        return switch (value.trim()) {
            case "on", "off", "true", "false" -> true;
            default -> false;
        };
    }

    private static String normalized(String value) {
        return switch (value.trim()) {
            case "on", "true" -> "true";
            case "off", "false" -> "false";
            default -> value;
        };
    }
}
