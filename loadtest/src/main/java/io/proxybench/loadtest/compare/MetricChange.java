package io.proxybench.loadtest.compare;

/**
 * How one figure moved from baseline to candidate.
 *
 * @param percent    change relative to the baseline, null when either side is missing or the
 *                   baseline is zero and the candidate is not
 * @param regression moved the wrong way by more than the threshold
 */
public record MetricChange(Metric metric, Double baseline, Double candidate, Double percent, boolean regression) {

    static MetricChange of(Metric metric, Double baseline, Double candidate, double thresholdPct) {
        Double pct = percent(baseline, candidate);
        boolean worse = pct != null && (metric.higherIsBetter() ? pct < -thresholdPct : pct > thresholdPct);
        return new MetricChange(metric, baseline, candidate, pct, worse);
    }

    static Double percent(Double baseline, Double candidate) {
        if (baseline == null || candidate == null) {
            return null;
        }
        if (baseline == 0) {
            return candidate == 0 ? 0.0 : null;
        }
        return (candidate - baseline) / Math.abs(baseline) * 100.0;
    }

    /** A regression of a metric that fails the comparison. */
    public boolean gatingRegression() {
        return regression && metric.gating();
    }
}
