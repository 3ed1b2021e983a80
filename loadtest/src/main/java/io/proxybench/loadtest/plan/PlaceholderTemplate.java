package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text with {@code {{name}}} placeholders: an external front end's command or config. Only double
 * braces are the kit's; a proxy's own syntax ({@code {host}}, {@code $host}, {@code %[src]}) passes
 * through as written, so a template can be any proxy's config file.
 *
 * @param text     the template as read
 * @param source   where it was read, for messages ({@code run.yaml} or {@code envoy.yaml})
 * @param lineBase the source line of the text's first line
 */
public record PlaceholderTemplate(String text, String source, int lineBase) {

    /** The names a template may use, with what each stands for. */
    public static final Map<String, String> NAMES = Map.of(
            "port", "where the proxy must listen (picked free by the kit)",
            "address", "the proxy's address in the topology",
            "origin", "host:port of the stub origin",
            "origin.host", "the stub origin's host",
            "origin.port", "the stub origin's port",
            "dir", "the front end's own directory under raw/",
            "cores", "cores the proxy role may use");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([^{}]*?)\\s*}}");

    /** Every placeholder known; the first unknown one is an error naming its line. */
    public void check() throws PlanException {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = PLACEHOLDER.matcher(lines[i]);
            while (m.find()) {
                if (!NAMES.containsKey(m.group(1))) {
                    throw new PlanException(source + ":" + (lineBase + i) + ": unknown placeholder {{" + m.group(1)
                            + "}} (known: " + String.join(", ", known()) + ")");
                }
            }
        }
    }

    /** True when it names {@code name} at least once. */
    public boolean uses(String name) {
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The text with every placeholder replaced by its value in {@code values}. */
    public String render(Map<String, String> values) throws PlanException {
        check();
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new PlanException(source + ": no value for {{" + m.group(1) + "}}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static List<String> known() {
        List<String> names = new ArrayList<>(NAMES.keySet());
        names.sort(null);
        return names;
    }
}
