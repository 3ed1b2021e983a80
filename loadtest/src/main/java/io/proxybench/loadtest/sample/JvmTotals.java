package io.proxybench.loadtest.sample;

import io.proxybench.loadtest.results.JvmFigures;

/**
 * A JVM front end's totals since it started: GC time and collections, the JIT's compile time, and
 * the heap in use now; {@code heapUsedBytes} and {@code jitTimeMs} are null when not published (JIT
 * time: by proxies built before it was; the heap: by a perf-data file no sampler refreshes).
 */
public record JvmTotals(double gcTimeMs, long gcCount, Double heapUsedBytes, Double jitTimeMs) {

    /** The step's or the second's figures: rates and counts since {@code earlier}, the heap as now. */
    public JvmFigures since(JvmTotals earlier, double seconds) {
        return new JvmFigures(
                perSecond(gcTimeMs, earlier.gcTimeMs, seconds),
                gcCount - earlier.gcCount,
                heapUsedMb(),
                jitTimeMs == null || earlier.jitTimeMs == null
                        ? null
                        : perSecond(jitTimeMs, earlier.jitTimeMs, seconds));
    }

    /** Only the heap: what a first reading, with nothing earlier to compare, tells. */
    public JvmFigures heapOnly() {
        return new JvmFigures(null, null, heapUsedMb(), null);
    }

    public Double heapUsedMb() {
        return heapUsedBytes == null ? null : heapUsedBytes / (1024.0 * 1024.0);
    }

    private static Double perSecond(double now, double before, double seconds) {
        return seconds > 0 ? (now - before) / seconds : null;
    }
}
