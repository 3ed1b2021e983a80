package io.proxybench.loadtest.results;

/** Model records spelled out in the order of the files' columns, for tests that need many of them. */
public final class Rows {

    private Rows() {}

    /** A sample with every figure, in samples.csv's column order (JIT not measured). */
    public static Sample sample(
            long epochMs,
            long intervalMs,
            String frontEnd,
            int connections,
            Double cpuPct,
            Double loadAvg,
            Double runQueue,
            Double ctxSwPerSec,
            Double netMbps,
            Double memFreeMb,
            Double proxyCpuPct,
            Double proxySysCpuPct,
            Double proxyRssMb,
            Integer proxyThreads,
            Double originCpuPct,
            Double generatorCpuPct,
            Double gcMsPerSec,
            Double heapUsedMb) {
        return new Sample(
                epochMs,
                frontEnd,
                connections,
                new MachineFigures(cpuPct, loadAvg, runQueue, ctxSwPerSec, netMbps, memFreeMb, null),
                new Sample.Processes(
                        proxyCpuPct, proxySysCpuPct, proxyRssMb, proxyThreads, originCpuPct, generatorCpuPct),
                new JvmFigures(gcMsPerSec, null, heapUsedMb, null),
                intervalMs);
    }
}
