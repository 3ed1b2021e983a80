package io.proxybench.loadtest.compare;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * When a change between repeated runs counts as more than noise: a two-sided Mann–Whitney U test on
 * the repeats of each side ({@link RepeatTest}) at level {@code alpha}, significant when p ≤ alpha.
 *
 * <p>With few repeats the exact test cannot produce a small p at all: the most extreme arrangement of
 * n and m repeats (every candidate repeat worse than every baseline repeat) has two-sided p =
 * 2 ÷ C(n+m, n), 0.100 for 3 vs 3. When the level was not chosen ({@code --alpha} absent) and the
 * repeats cannot reach 0.05 but can reach 0.10, the test is made at 0.10 and the report says so:
 * otherwise three repeats, the most a run can usually afford, could never show anything. Where even
 * that is out of reach (2 vs 2: 0.333) or the chosen level is, the change is judged by the threshold
 * alone, as for runs without repeats, and the report says that too.
 *
 * @param alpha      the level asked for
 * @param alphaGiven whether the user chose it; only a default level is relaxed
 */
public record SignificanceRule(double alpha, boolean alphaGiven) {

    public static final double DEFAULT_ALPHA = 0.05;
    /** The most a default level is relaxed to: the level of 3 vs 3 repeats' best possible p. */
    public static final double RELAXED_ALPHA = 0.10;
    /** An exact p is a ratio of counts; a level equal to it must not fail by a rounding. */
    private static final double EPSILON = 1e-9;

    /** {@code --alpha} not given. */
    public static final SignificanceRule DEFAULT = new SignificanceRule(DEFAULT_ALPHA, false);

    public static SignificanceRule given(double alpha) {
        return new SignificanceRule(alpha, true);
    }

    /**
     * A level that is never relaxed, whatever the number of repeats: what {@code ab} and {@code gate} test at,
     * since they choose their number of rounds and run enough of them instead.
     */
    public static SignificanceRule strict(double alpha) {
        return given(alpha);
    }

    /**
     * The smallest two-sided p the exact test can give for {@code n} vs {@code m} repeats:
     * 2 ÷ C(n+m, n), at most 1.
     */
    public static double smallestP(int n, int m) {
        double combinations = 1;
        for (int i = 1; i <= Math.min(n, m); i++) {
            combinations = combinations * (Math.max(n, m) + i) / i;
        }
        return Math.min(1, 2 / combinations);
    }

    /** The level the test is made at for {@code n} vs {@code m} repeats, or null when no level within reach applies. */
    public Double alphaFor(int n, int m) {
        if (n < 2 || m < 2) {
            return null;
        }
        double floor = smallestP(n, m);
        if (reaches(floor, alpha)) {
            return alpha;
        }
        if (!alphaGiven && reaches(floor, RELAXED_ALPHA)) {
            return RELAXED_ALPHA;
        }
        return null;
    }

    /** p ≤ level, with room for the rounding of an exact p. */
    public static boolean reaches(double p, double level) {
        return p <= level * (1 + EPSILON);
    }

    /**
     * One line on how {@code n} vs {@code m} repeats are judged, e.g. {@code 3 vs 3 repeats cannot reach
     * p<0.05; the smallest possible p is 0.100: tested at alpha 0.10 (...)}.
     */
    public String explain(int n, int m) {
        if (n < 2 || m < 2) {
            return String.format(
                    Locale.ROOT,
                    "%d vs %d repeats: the noise is unknown with a single repeat on a side;"
                            + " judged by the threshold alone",
                    n,
                    m);
        }
        double floor = smallestP(n, m);
        Double level = alphaFor(n, m);
        String sizes = n + " vs " + m + " repeats";
        if (level != null && level == alpha) {
            return String.format(
                    Locale.ROOT,
                    "%s: tested at alpha %s (the smallest possible p is %.3f)",
                    sizes,
                    level(alpha),
                    floor);
        }
        String cannot = String.format(
                Locale.ROOT, "%s cannot reach p<%s; the smallest possible p is %.3f", sizes, level(alpha), floor);
        if (level != null) {
            return cannot + ": tested at alpha " + level(level) + " instead (--alpha chooses the level; "
                    + repeatsFor(alpha) + " repeats on each side reach " + level(alpha) + ")";
        }
        return cannot + ": judged by the threshold alone (" + repeatsFor(Math.min(alpha, RELAXED_ALPHA))
                + " repeats on each side can reach " + level(Math.min(alpha, RELAXED_ALPHA)) + ")";
    }

    /** The fewest repeats on each side whose smallest p reaches {@code level}. */
    static int repeatsFor(double level) {
        int n = 2;
        while (!reaches(smallestP(n, n), level) && n < 1000) {
            n++;
        }
        return n;
    }

    /** A level as written: two decimals at least, {@code 0.05}, {@code 0.10}, {@code 0.001}. */
    static String level(double level) {
        BigDecimal text = BigDecimal.valueOf(level).stripTrailingZeros();
        return (text.scale() < 2 ? text.setScale(2) : text).toPlainString();
    }
}
