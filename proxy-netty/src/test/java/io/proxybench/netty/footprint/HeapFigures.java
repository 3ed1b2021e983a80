package io.proxybench.netty.footprint;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.management.ObjectName;

/**
 * Heap used after full collections, resident set size, class histograms and, where the JVM tracks
 * it, native memory by category of this JVM.
 */
final class HeapFigures {

    private HeapFigures() {}

    /** Heap used after a few full collections, so that what is left is what is reachable. */
    static long heapUsedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** VmRSS of this process in bytes, or -1 where /proc is not there. */
    static long rss() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }

    /** Bytes held per class, from the JVM's own class histogram (which collects first). */
    static Map<String, Long> histogram() throws Exception {
        String text = diagnosticCommand("gcClassHistogram");
        Map<String, Long> bytes = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[0].endsWith(":")) {
                bytes.merge(f[3], Long.parseLong(f[2]), Long::sum);
            }
        }
        return bytes;
    }

    /** Bytes all classes together grew by between two histograms. */
    static long totalGrowth(Map<String, Long> before, Map<String, Long> after) {
        return total(after) - total(before);
    }

    private static long total(Map<String, Long> histogram) {
        return histogram.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The classes whose bytes grew most between two histograms, per {@code per} units. */
    static String topGrowth(Map<String, Long> before, Map<String, Long> after, int per, int rows) {
        StringBuilder out = new StringBuilder();
        after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() > 0)
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .limit(rows)
                .forEach(e -> out.append(String.format("  %8.1f B  %s%n", (double) e.getValue() / per, e.getKey())));
        return out.toString();
    }

    /** Whether this JVM was started with {@code -XX:NativeMemoryTracking=summary} (or detail). */
    static boolean tracksNativeMemory() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(a -> a.startsWith("-XX:NativeMemoryTracking=") && !a.endsWith("=off"));
    }

    /** Marks now as the point native memory tracking's later differences start from. */
    static void nativeMemoryBaseline() throws Exception {
        diagnosticCommand("vmNativeMemory", "baseline");
    }

    /** Native memory tracking's summary of what changed since the baseline, in KiB per category. */
    static String nativeMemoryDiff() throws Exception {
        return diagnosticCommand("vmNativeMemory", "summary.diff", "scale=KB");
    }

    private static String diagnosticCommand(String operation, String... args) throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        operation,
                        new Object[] {args},
                        new String[] {String[].class.getName()});
    }
}
