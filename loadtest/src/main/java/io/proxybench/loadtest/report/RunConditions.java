package io.proxybench.loadtest.report;

import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.results.MachineDescription;
import io.proxybench.loadtest.results.RunMetadata;
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
    public record Entry(String name, String value) {}

    private RunConditions() {}

    public static List<Entry> of(RunMetadata run) {
        List<Entry> out = new ArrayList<>();
        add(out, "Run id", run.runId());
        add(out, "Date", dates(run));
        add(out, "Git revision", run.gitRevision());
        add(out, "Command", run.command());
        add(out, "Generator", run.workload().generator());
        add(out, "Mode", run.workload().mode());
        add(out, "Model", model(run));
        add(out, "Topology", run.workload().topology());
        cpuPinning(run, out);
        add(out, "Steps", steps(run));
        add(
                out,
                "Origin latency",
                run.workload().originLatencyMs() == null
                        ? null
                        : FigureFormat.decimals(run.workload().originLatencyMs(), 1) + " ms");
        MachineDescription m = run.machine();
        if (m != null) {
            add(out, "CPU", m.cpuModel());
            add(out, "Cores", m.cores() == null ? null : m.cores().toString());
            add(out, "Memory", m.memTotalMb() == null ? null : m.memTotalMb() + " MB");
            add(out, "Kernel", m.kernel());
            add(out, "JDK", m.jdk());
            add(
                    out,
                    "ulimit -n",
                    m.ulimitNofile() == null ? null : m.ulimitNofile().toString());
            add(out, "Sysctls", keyValues(m.sysctls()));
            add(out, "Transparent huge pages", m.transparentHugePages());
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

    /** Only for runs with {@code --cpus}: older runs and unpinned ones read as before. */
    private static void cpuPinning(RunMetadata run, List<Entry> out) {
        CpuPinning pinning = CpuPinning.fromSettings(
                run.settings() == null ? null : run.settings().get("cpus"));
        if (pinning.isEmpty()) {
            return;
        }
        List<String> unpinned = CpuPinning.ROLES.stream()
                .filter(r -> pinning.listFor(r) == null)
                .toList();
        add(
                out,
                "CPU pinning",
                pinning.describe() + " (taskset -c)"
                        + (unpinned.isEmpty() ? "" : "; " + String.join(", ", unpinned) + " on every CPU"));
        pinning.sharedCpuWarnings().forEach(w -> add(out, "CPU pinning warning", w));
    }

    private static String steps(RunMetadata run) {
        StringBuilder s = new StringBuilder();
        if (!run.workload().steps().isEmpty()) {
            s.append(run.unit()
                    .describe(
                            run.workload().steps().stream().map(String::valueOf).collect(Collectors.joining(", "))));
        }
        if (run.workload().durationSec() != null) {
            s.append(s.isEmpty() ? "" : "; ")
                    .append(run.workload().durationSec())
                    .append(" s each");
        }
        if (run.workload().warmupSec() != null) {
            s.append(s.isEmpty() ? "" : ", ")
                    .append("after ")
                    .append(run.workload().warmupSec())
                    .append(" s warm-up");
        }
        return s.isEmpty() ? null : s.toString();
    }

    private static String model(RunMetadata run) {
        if (run.workload().model() == null) {
            return null;
        }
        return switch (run.workload().model()) {
            case "open" -> "open (fixed arrival rate: each step is requests/s offered, whatever the answers)";
            case "closed" -> "closed (each connection sends its next request when the previous one is answered)";
            default -> run.workload().model();
        };
    }

    private static String dates(RunMetadata run) {
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
