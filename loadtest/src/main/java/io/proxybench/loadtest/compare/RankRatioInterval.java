package io.proxybench.loadtest.compare;

import java.util.Arrays;
import java.util.Optional;

/**
 * Where candidate ÷ baseline lies: the distribution-free interval that belongs to the Mann–Whitney U test
 * (Moses' interval around the Hodges–Lehmann estimate), taken on the logarithms of the figures and turned
 * back into a ratio.
 *
 * <p>Of the n × m pairwise differences log(c) − log(b), sorted, the interval runs from the k-th smallest to
 * the k-th largest, where k − 1 is the largest U whose lower tail in the exact null distribution of U is
 * at most (1 − confidence) ÷ 2. The interval therefore excludes 1 exactly when the exact two-sided test at
 * that level would reject, so a {@code ~} and an interval across 1 never contradict each other. It assumes
 * nothing about the shape of the noise, only that a change scales every figure alike; logarithms, because
 * a ratio is multiplicative. With 4 vs 4 figures the 95 % interval is the whole range of ratios; fewer give
 * none. The exact distribution is computed for untied figures (measured rates and times rarely tie).
 *
 * @param low      lower end of the ratio
 * @param estimate the Hodges–Lehmann estimate: the median of the pairwise ratios
 * @param high     upper end
 */
public record RankRatioInterval(double low, double estimate, double high) {

    /** Confidence of the interval the kit reports. */
    public static final double CONFIDENCE = 0.95;

    /** The 95 % interval of candidate ÷ baseline; empty when a side has a figure ≤ 0 or the sizes are too small. */
    public static Optional<RankRatioInterval> of(double[] baseline, double[] candidate) {
        return of(baseline, candidate, CONFIDENCE);
    }

    /** The interval at {@code confidence} (0 &lt; confidence &lt; 1). */
    public static Optional<RankRatioInterval> of(double[] baseline, double[] candidate, double confidence) {
        int n = baseline.length;
        int m = candidate.length;
        if (n == 0
                || m == 0
                || Arrays.stream(baseline).anyMatch(v -> !(v > 0))
                || Arrays.stream(candidate).anyMatch(v -> !(v > 0))) {
            return Optional.empty();
        }
        int k = lowerCriticalCount(n, m, (1 - confidence) / 2);
        if (k == 0) {
            return Optional.empty();
        }
        double[] differences = new double[n * m];
        int i = 0;
        for (double b : baseline) {
            for (double c : candidate) {
                differences[i++] = Math.log(c) - Math.log(b);
            }
        }
        Arrays.sort(differences);
        int size = differences.length;
        double median = size % 2 == 1 ? differences[size / 2] : (differences[size / 2 - 1] + differences[size / 2]) / 2;
        return Optional.of(
                new RankRatioInterval(Math.exp(differences[k - 1]), Math.exp(median), Math.exp(differences[size - k])));
    }

    /** Whether the interval lies wholly on one side of 1. */
    public boolean excludesOne() {
        return low > 1 || high < 1;
    }

    /**
     * How many of the smallest U values lie in the lower tail of at most {@code tail}: the count k such that
     * P(U ≤ k − 1) ≤ tail &lt; P(U ≤ k), for n vs m untied figures; 0 when even U = 0 is more likely than tail.
     */
    static int lowerCriticalCount(int n, int m, double tail) {
        double[] counts = uCounts(n, m);
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double cumulative = 0;
        int k = 0;
        for (double c : counts) {
            cumulative += c;
            if (cumulative / total > tail * (1 + 1e-9)) {
                break;
            }
            k++;
        }
        return k;
    }

    /**
     * The number of arrangements of n vs m untied figures that give each U = 0..n·m: the coefficients of the
     * Gaussian binomial [n+m choose n], built factor by factor so that every step is itself one (nonnegative).
     */
    static double[] uCounts(int n, int m) {
        int small = Math.min(n, m);
        int large = Math.max(n, m);
        double[] poly = new double[small * (large + 1) + 1];
        poly[0] = 1;
        int degree = 0;
        for (int i = 1; i <= small; i++) {
            // multiply by (1 - q^(large + i))
            int shift = large + i;
            for (int d = degree; d >= 0; d--) {
                poly[d + shift] -= poly[d];
            }
            degree += shift;
            // divide by (1 - q^i): a running sum with stride i
            for (int d = i; d <= degree; d++) {
                poly[d] += poly[d - i];
            }
            degree -= i;
        }
        return Arrays.copyOf(poly, degree + 1);
    }
}
