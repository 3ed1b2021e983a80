package io.proxybench.loadtest.report;

import java.util.List;

/**
 * One (front end, connections) step as stored in {@code steps.json}.
 *
 * <p>Figures are boxed because a failed step may lack any of them; code that renders or compares
 * must treat null as "not measured", never as zero.
 */
public record StepResult(
        String frontEnd,
        String kind,
        Integer connections,
        String status,
        String failure,
        List<String> flags,
        String startedAt,
        Double durationSec,
        Long requests,
        Double rps,
        Latency latency,
        Errors errors,
        Double cpuPct,
        Double loadAvg,
        Double runQueue,
        Double ctxSwPerSec,
        Double netMbps,
        Double memFreeMb,
        Double proxyCpuPct,
        Double proxyCpuUsPerReq,
        Double proxyRssMb,
        Integer proxyThreads,
        Double originCpuPct,
        Double generatorCpuPct,
        Double gcMsPerSec,
        Long gcCount,
        Double heapUsedMb,
        Double ceilingRps,
        Double pctOfCeiling) {

    public StepResult {
        flags = flags == null ? List.of() : List.copyOf(flags);
        latency = latency == null ? Latency.NONE : latency;
    }

    /** True unless the run half said the step failed (a missing status counts as ok). */
    public boolean ok() {
        return status == null || !"failed".equalsIgnoreCase(status);
    }

    /** Latency of the step in milliseconds. */
    public record Latency(Double meanMs, Double p50Ms, Double p75Ms, Double p90Ms, Double p99Ms, Double maxMs) {
        static final Latency NONE = new Latency(null, null, null, null, null, null);
    }

    /** Errors the generator counted, by kind (wrk's classification). */
    public record Errors(Long connect, Long read, Long write, Long status, Long timeout) {

        /** All errors together, or null when none of the kinds was reported. */
        public Long total() {
            Long[] all = {connect, read, write, status, timeout};
            long sum = 0;
            boolean any = false;
            for (Long n : all) {
                if (n != null) {
                    sum += n;
                    any = true;
                }
            }
            return any ? sum : null;
        }
    }
}
