package io.proxybench.loadtest.sample;

/**
 * One second of the machine and the processes, as a row of samples.csv. {@code intervalMs} is the
 * time since the previous reading (the rates cover it); null figures were not measured.
 */
public record SampleRow(
        long epochMs,
        long intervalMs,
        String frontEnd,
        int connections,
        Double cpuPct,
        Double load1,
        Double runQueue,
        Double ctxSwPerSec,
        Double netMbps,
        Double memFreeMb,
        Double proxyCpuPct,
        Double proxyRssMb,
        Integer proxyThreads,
        Double originCpuPct,
        Double generatorCpuPct,
        Double gcMsPerSec,
        Double heapUsedMb) {

    /** The middle of the interval the row's rates cover; decides which step a row belongs to. */
    public long midpointMs() {
        return epochMs - intervalMs / 2;
    }
}
