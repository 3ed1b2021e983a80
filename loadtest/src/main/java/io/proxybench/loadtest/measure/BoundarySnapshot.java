package io.proxybench.loadtest.measure;

import io.proxybench.loadtest.proc.ProcessSampler.Usage;
import io.proxybench.loadtest.results.StepRecord.OriginFaults;
import io.proxybench.loadtest.sample.JvmTotals;

/**
 * Totals read right at a step's start or end, so that CPU and GC per step are exact differences
 * rather than averages of one-second samples.
 *
 * @param proxy  null when the front end was not running
 * @param origin null when the origin was not running
 * @param jvm    null for nginx, or when the admin port did not answer
 * @param originStats the origin's request and fault totals; {@link OriginFaults#NONE} when it did not answer
 */
public record BoundarySnapshot(
        long epochMs, long nanos, Usage proxy, Usage origin, JvmTotals jvm, OriginFaults originStats) {

    public BoundarySnapshot {
        originStats = originStats == null ? OriginFaults.NONE : originStats;
    }

    public double secondsUntil(BoundarySnapshot later) {
        return (later.nanos - nanos) / 1e9;
    }
}
