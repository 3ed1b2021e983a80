package io.proxybench.loadtest.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The conditions a number was measured under, as name/value lines for a report header.
 * Absent values are left out rather than printed as "null".
 */
public final class RunConditions {

    /** One line of the header. */
    public record Entry(String name, String value) {
    }

    private RunConditions() {
    }

    public static List<Entry> of(RunInfo run) {
        List<Entry> out = new ArrayList<>();
        add(out, "Run id", run.runId());
        add(out, "Date", dates(run));
        add(out, "Git revision", run.gitRevision());
        add(out, "Command", run.command());
        add(out, "Generator", run.generator());
        add(out, "Mode", run.mode());
        add(out, "Model", model(run));
        add(out, "Topology", run.topology());
        add(out, "Steps", steps(run));
        add(out, "Origin latency", run.originLatencyMs() == null ? null
                : FigureFormat.decimals(run.originLatencyMs(), 1) + " ms");
        RunInfo.Machine m = run.machine();
        if (m != null) {
            add(out, "CPU", m.cpuModel());
            add(out, "Cores", m.cores() == null ? null : m.cores().toString());
            add(out, "Memory", m.memTotalMb() == null ? null : m.memTotalMb() + " MB");
            add(out, "Kernel", m.kernel());
            add(out, "JDK", m.jdk());
            add(out, "ulimit -n", m.ulimitNofile() == null ? null : m.ulimitNofile().toString());
            add(out, "Sysctls", keyValues(m.sysctls()));
        }
        return out;
    }

    /** {@code k=v, k=v} in declaration order; null when empty. */
    public static String keyValues(Map<String, String> map) {
        if (map == null || map.isEmpty()) {
            return null;
        }
        return map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    private static String steps(RunInfo run) {
        StringBuilder s = new StringBuilder();
        if (!run.steps().isEmpty()) {
            s.append(run.unit().describe(run.steps().stream().map(String::valueOf).collect(Collectors.joining(", "))));
        }
        if (run.durationSec() != null) {
            s.append(s.isEmpty() ? "" : "; ").append(FigureFormat.decimals(run.durationSec(), 0)).append(" s each");
        }
        if (run.warmupSec() != null) {
            s.append(s.isEmpty() ? "" : ", ").append("after ").append(FigureFormat.decimals(run.warmupSec(), 0))
                    .append(" s warm-up");
        }
        return s.isEmpty() ? null : s.toString();
    }

    private static String model(RunInfo run) {
        if (run.model() == null) {
            return null;
        }
        return switch (run.model()) {
            case "open" -> "open (fixed arrival rate: each step is requests/s offered, whatever the answers)";
            case "closed" -> "closed (each connection sends its next request when the previous one is answered)";
            default -> run.model();
        };
    }

    private static String dates(RunInfo run) {
        if (run.startedAt() == null) {
            return run.finishedAt() == null ? null : "finished " + run.finishedAt();
        }
        if (run.finishedAt() == null) {
            return run.startedAt() + " (not finished)";
        }
        String text = run.startedAt() + " \u2192 " + run.finishedAt();
        try {
            Duration d = Duration.between(Instant.parse(run.startedAt()), Instant.parse(run.finishedAt()));
            text += String.format(Locale.ROOT, " (%d min %02d s)", d.toMinutes(), d.toSecondsPart());
        } catch (DateTimeParseException ignored) {
            // a non-ISO timestamp still shows as written
        }
        return text;
    }

    private static void add(List<Entry> out, String name, String value) {
        if (value != null && !value.isBlank()) {
            out.add(new Entry(name, value));
        }
    }
}
