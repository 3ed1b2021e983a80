package io.proxybench.loadtest.report;

import java.util.List;
import java.util.Optional;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Where the ratio of two front ends' costs lies, judged from the ratios of their repeats: Student's
 * t interval (95 %) on the logarithms of the per-repeat ratios, turned back into a range of ratios
 * around their geometric mean.
 *
 * <p>Logarithms, because a ratio is multiplicative: 0.8× and 1.25× are the same distance from parity,
 * and the interval of 1/r is then exactly the inverse of r's. The unit is the repeat pair (repeat k of
 * both front ends ran back to back on the same machine state), and pairs are independent draws of
 * it, as {@code compare} treats repeats. With two pairs the t quantile is 12.7 and the range says
 * nothing a reader could use, so an interval needs three.
 *
 * @param low   lower end of the range
 * @param high  upper end
 * @param pairs how many repeat pairs it was computed from
 */
public record RatioInterval(double low, double high, int pairs) {

    /** Fewer pairs give no interval. */
    public static final int MIN_PAIRS = 3;

    private static final double CONFIDENCE = 0.95;

    /** The interval of these per-repeat ratios (each finite and above 0), if there are at least {@link #MIN_PAIRS}. */
    public static Optional<RatioInterval> of(List<Double> ratios) {
        int n = ratios.size();
        if (n < MIN_PAIRS) {
            return Optional.empty();
        }
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        double mean = Mean.of(logs).getAsDouble();
        double halfWidth = TDistribution.of(n - 1).inverseCumulativeProbability(0.5 + CONFIDENCE / 2)
                * Math.sqrt(Variance.of(logs).getAsDouble() / n);
        return Optional.of(new RatioInterval(Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), n));
    }

    /** {@code 95 % CI 0.95–1.25×}. */
    String text() {
        return Math.round(CONFIDENCE * 100) + " % CI " + FigureFormat.decimals(low, 2) + "\u2013"
                + FigureFormat.ratio(high);
    }
}
