package io.proxybench.loadtest.report;

/**
 * One row of {@code samples.csv}: a one-second look at the machine and the processes while
 * {@code frontEnd} was under test. Null means the cell was empty (not measured).
 */
public record Sample(
        long epochMs,
        String frontEnd,
        Integer connections,
        Double cpuPct,
        Double load1,
        Double runQueue,
        Double ctxSwPerSec,
        Double netMbps,
        Double memFreeMb,
        Double proxyCpuPct,
        Double proxyRssMb,
        Double proxyThreads,
        Double originCpuPct,
        Double generatorCpuPct,
        Double gcMsPerSec,
        Double heapUsedMb) {
}
