package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.RepeatGroups;
import java.util.List;

/**
 * How one figure moved from baseline to candidate: the medians of each side's repeats (the figure
 * itself in a run without repeats), and, where the repeats allow, whether the move stands out of the
 * noise ({@link SignificanceRule}).
 *
 * @param percent            change of the medians relative to the baseline's, null when either side is
 *                           missing or the baseline is zero and the candidate is not
 * @param worse              moved the wrong way by more than the threshold
 * @param better             moved the right way by more than the threshold
 * @param pValue             two-sided Mann–Whitney p of the repeats, null when not tested
 * @param alpha              the level it was tested at, null when not tested
 * @param baselineSpreadPct  the baseline repeats' (max − min) ÷ median, %; null with fewer than two
 * @param candidateSpreadPct the same for the candidate
 */
public record MetricChange(
        Metric metric,
        Double baseline,
        Double candidate,
        Double percent,
        boolean worse,
        boolean better,
        Double pValue,
        Double alpha,
        Double baselineSpreadPct,
        Double candidateSpreadPct) {

    /** One value on each side: judged by the threshold alone. */
    static MetricChange of(Metric metric, Double baseline, Double candidate, double thresholdPct) {
        Double pct = percent(baseline, candidate);
        return new MetricChange(
                metric,
                baseline,
                candidate,
                pct,
                worse(metric, pct, thresholdPct),
                worse(metric, pct == null ? null : -pct, thresholdPct),
                null,
                null,
                null,
                null);
    }

    /** The repeats of each side: medians compared with the threshold, and tested when the rule allows. */
    static MetricChange of(
            Metric metric, List<Double> baseline, List<Double> candidate, double thresholdPct, SignificanceRule rule) {
        Double b = RepeatGroups.median(baseline);
        Double c = RepeatGroups.median(candidate);
        Double pct = percent(b, c);
        Double alpha = rule.alphaFor(baseline.size(), candidate.size());
        Double p = alpha == null ? null : RepeatTest.pValue(baseline, candidate);
        return new MetricChange(
                metric,
                b,
                c,
                pct,
                worse(metric, pct, thresholdPct),
                worse(metric, pct == null ? null : -pct, thresholdPct),
                p,
                p == null ? null : alpha,
                RepeatGroups.spreadPct(baseline),
                RepeatGroups.spreadPct(candidate));
    }

    private static boolean worse(Metric metric, Double pct, double thresholdPct) {
        return pct != null && (metric.higherIsBetter() ? pct < -thresholdPct : pct > thresholdPct);
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

    /** Whether the repeats were tested (enough of them on both sides). */
    public boolean tested() {
        return pValue != null;
    }

    /** Tested and p ≤ alpha. */
    public boolean significant() {
        return tested() && SignificanceRule.reaches(pValue, alpha);
    }

    /** Worse beyond the threshold, and out of the noise where the noise could be tested. */
    public boolean regression() {
        return worse && (!tested() || significant());
    }

    /** Better beyond the threshold, and out of the noise where the noise could be tested. */
    public boolean improvement() {
        return better && (!tested() || significant());
    }

    /** Beyond the threshold either way, but the repeats overlap too much to tell it from noise. */
    public boolean withinNoise() {
        return (worse || better) && tested() && !significant();
    }

    /** A regression of a metric that fails the comparison. */
    public boolean gatingRegression() {
        return regression() && metric.gating();
    }
}
