package io.proxybench.loadtest.sample;

import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.Sample;
import java.util.HashMap;
import java.util.Map;

/**
 * One line of a remote box's figures ({@code Topology#hostSamplers}), and the per-second figures
 * between two of them. Counters the line lacks are left unmeasured, never zero.
 */
record HostReading(
        long epochMs,
        long[] cpu,
        Long contextSwitches,
        Integer running,
        Double load1,
        Long memFreeKb,
        Long rxBytes,
        Long txBytes,
        Map<String, long[]> roles) {

    /** Linux's USER_HZ: the unit of the process CPU ticks on every mainstream kernel. */
    static final long TICKS_PER_SECOND = 100;

    /** @throws IllegalArgumentException for a line that is not one of the sampler's */
    static HostReading parse(String line) {
        Map<String, String> fields = new HashMap<>();
        for (String word : line.strip().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                fields.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        String t = fields.remove("t");
        if (t == null || !t.matches("\\d{10,}")) {
            throw new IllegalArgumentException("not a sample line: " + line);
        }
        long[] cpu = numbers(fields.remove("cpu"));
        Map<String, long[]> roles = new HashMap<>();
        for (String role : new String[] {"proxy", "origin", "generator"}) {
            long[] figures = numbers(fields.get(role));
            // pid, utime+stime, rss, threads, then stime (lines of earlier kits end before it)
            if (figures != null && (figures.length == 4 || figures.length == 5)) {
                roles.put(role, figures);
            }
        }
        return new HostReading(
                Long.parseLong(t),
                cpu != null && cpu.length == 8 ? cpu : null,
                number(fields.get("ctxt")),
                integer(fields.get("run")),
                decimal(fields.get("load1")),
                number(fields.get("memfree")),
                number(fields.get("rx")),
                number(fields.get("tx")),
                roles);
    }

    /** Machine figures over the second since {@code earlier}; the Mbps counts both directions. */
    MachineFigures machineSince(HostReading earlier) {
        double seconds = (epochMs - earlier.epochMs) / 1000.0;
        Double cpuPct = null;
        Double stealPct = null;
        if (cpu != null && earlier.cpu != null) {
            long busy = busy(cpu) - busy(earlier.cpu);
            long total = busy + (cpu[3] + cpu[4]) - (earlier.cpu[3] + earlier.cpu[4]);
            cpuPct = total > 0 ? 100.0 * busy / total : null;
            stealPct = total > 0 ? 100.0 * (cpu[7] - earlier.cpu[7]) / total : null;
        }
        Double ctxSw = contextSwitches != null && earlier.contextSwitches != null && seconds > 0
                ? (contextSwitches - earlier.contextSwitches) / seconds
                : null;
        Double mbps =
                rxBytes != null && earlier.rxBytes != null && txBytes != null && earlier.txBytes != null && seconds > 0
                        ? ((rxBytes - earlier.rxBytes) + (txBytes - earlier.txBytes)) * 8 / seconds / 1e6
                        : null;
        return new MachineFigures(
                cpuPct,
                load1,
                running == null ? null : running.doubleValue(),
                ctxSw,
                mbps,
                memFreeKb == null ? null : memFreeKb / 1024.0,
                stealPct);
    }

    /**
     * The processes of the roles on the box: CPU (one core = 100) since {@code earlier}, the proxy's
     * memory and threads.
     */
    Sample.Processes processesSince(HostReading earlier) {
        double seconds = (epochMs - earlier.epochMs) / 1000.0;
        long[] proxy = roles.get("proxy");
        return new Sample.Processes(
                cpuPct("proxy", earlier, seconds),
                sysCpuPct("proxy", earlier, seconds),
                proxy == null ? null : proxy[2] / 1024.0,
                proxy == null ? null : (int) proxy[3],
                cpuPct("origin", earlier, seconds),
                cpuPct("generator", earlier, seconds));
    }

    private Double cpuPct(String role, HostReading earlier, double seconds) {
        return ticksPct(role, earlier, seconds, 1);
    }

    /** The kernel's part of {@link #cpuPct}; null when either line lacks it. */
    private Double sysCpuPct(String role, HostReading earlier, double seconds) {
        return ticksPct(role, earlier, seconds, 4);
    }

    private Double ticksPct(String role, HostReading earlier, double seconds, int field) {
        long[] now = roles.get(role);
        long[] before = earlier.roles.get(role);
        if (now == null
                || before == null
                || now[0] != before[0]
                || seconds <= 0
                || field >= now.length
                || field >= before.length) {
            return null;
        }
        return 100.0 * (now[field] - before[field]) / TICKS_PER_SECOND / seconds;
    }

    private static long busy(long[] cpu) {
        // user nice system idle iowait irq softirq steal
        return cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + cpu[7];
    }

    private static long[] numbers(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            String[] parts = text.split(",");
            long[] out = new long[parts.length];
            for (int i = 0; i < parts.length; i++) {
                out[i] = Long.parseLong(parts[i]);
            }
            return out;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Long number(String text) {
        try {
            return text == null ? null : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Integer integer(String text) {
        Long n = number(text);
        return n == null ? null : n.intValue();
    }

    private static Double decimal(String text) {
        try {
            return text == null ? null : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
