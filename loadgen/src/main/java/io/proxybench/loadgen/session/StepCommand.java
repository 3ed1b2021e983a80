package io.proxybench.loadgen.session;

import io.proxybench.loadgen.engine.StepPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One line of the stdin protocol: {@code step key=value ...} or {@code quit}. Keys a step line may
 * carry: {@code name}, {@code connections}, {@code duration}, {@code rate} (open model; {@code 0} or
 * absent: closed), {@code mode} ({@code keepalive} or {@code churn}), {@code timeout}, {@code out}
 * (directory of the step's files). What a line leaves out comes from the process's flags.
 */
public final class StepCommand {

    private static final Set<String> KEYS = Set.of("name", "connections", "duration", "rate", "mode", "timeout", "out");

    /** A parsed line: {@code plan} for a step, null for {@code quit} and for lines to ignore. */
    public record Parsed(boolean quit, StepPlan plan, Path out) {}

    private StepCommand() {}

    /**
     * @param defaults what a step line leaves out
     * @param out      the default output directory, or null
     * @throws IllegalArgumentException with a one-line reason
     */
    public static Parsed parse(String line, StepPlan defaults, Path out) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
            return new Parsed(false, null, null);
        }
        String[] words = trimmed.split("\\s+");
        if (words[0].equals("quit")) {
            if (words.length > 1) {
                throw new IllegalArgumentException("quit takes no arguments");
            }
            return new Parsed(true, null, null);
        }
        if (!words[0].equals("step")) {
            throw new IllegalArgumentException("unknown command '" + words[0] + "' (step or quit)");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + words[i] + "' is not key=value");
            }
            String key = words[i].substring(0, eq);
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' ("
                        + String.join(", ", KEYS.stream().sorted().toList()) + ")");
            }
            if (values.put(key, words[i].substring(eq + 1)) != null) {
                throw new IllegalArgumentException("key '" + key + "' is given twice");
            }
        }
        String connections = values.get("connections");
        Duration duration =
                values.containsKey("duration") ? DurationText.parse(values.get("duration")) : defaults.duration();
        Duration timeout =
                values.containsKey("timeout") ? DurationText.parse(values.get("timeout")) : defaults.timeout();
        String mode = values.getOrDefault("mode", defaults.mode());
        if (!mode.equals("keepalive") && !mode.equals("churn")) {
            throw new IllegalArgumentException("mode must be keepalive or churn, got '" + mode + "'");
        }
        int count = connections == null ? defaults.connections() : integer("connections", connections);
        double rate = values.containsKey("rate") ? decimal("rate", values.get("rate")) : defaults.rate();
        // unnamed steps are named by their number, as the kit names its steps
        String name = values.getOrDefault("name", rate > 0 ? "rate-" + Math.round(rate) : Integer.toString(count));
        StepPlan plan = new StepPlan(name, count, duration, rate, mode.equals("churn"), timeout);
        return new Parsed(false, plan, values.containsKey("out") ? Path.of(values.get("out")) : out);
    }

    private static int integer(String key, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + text + "'");
        }
    }

    private static double decimal(String key, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + text + "'");
        }
    }
}
