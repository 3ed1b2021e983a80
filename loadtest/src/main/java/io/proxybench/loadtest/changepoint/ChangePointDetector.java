package io.proxybench.loadtest.changepoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

/**
 * E-divisive means with a permutation test and a minimum relative change: where a series of figures
 * (one per run, in time order) moved to a new level.
 *
 * <p>As Matteson and James describe it (and Apache Otava, once Hunter, uses it): cut the series where
 * the energy statistic ({@link EnergySplit}) is largest; accept the cut when its statistic stands out
 * of what the same points give in random order, the points shuffled within each current segment
 * ({@code permutations} times, p = (hits + 1) ÷ (permutations + 1)); then cut the segments again
 * until a cut is not significant. The shuffles draw from one generator with a fixed seed, so the same
 * series always gives the same change points. Energy distance compares whole distributions, not
 * means alone, and needs no assumption of normal noise, which a handful of runs could not check.
 *
 * <p>A significant cut can still be too small to matter (a 1 % drift over many quiet runs): cuts whose
 * medians on either side differ by less than {@code minChangePct} are dropped, smallest first, and the
 * medians of their neighbours recomputed over the merged segments. Each side of a cut holds at least
 * {@value #MIN_SEGMENT} points: one run alone is an outlier, not a new level. A series shorter than
 * {@code 2 × MIN_SEGMENT} has no change point.
 */
public final class ChangePointDetector {

    /** The fewest points on each side of a change point. */
    public static final int MIN_SEGMENT = 2;
    /** The default significance level of the permutation test. */
    public static final double DEFAULT_ALPHA = 0.05;
    /** The default number of shuffles per test: p reads to 0.001. */
    public static final int DEFAULT_PERMUTATIONS = 999;
    /** The default minimum change, in % of the level before. */
    public static final double DEFAULT_MIN_CHANGE_PCT = 3;
    /** The seed of the shuffles: fixed, so that the same series always gives the same answer. */
    public static final long SEED = 0x5eedL;

    private final double alpha;
    private final double minChangePct;
    private final int permutations;

    public ChangePointDetector(double alpha, double minChangePct, int permutations) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be between 0 and 1, got " + alpha);
        }
        if (!(minChangePct >= 0) || Double.isInfinite(minChangePct)) {
            throw new IllegalArgumentException("the minimum change must be a non-negative percentage");
        }
        if (permutations < 1) {
            throw new IllegalArgumentException("at least one permutation is needed, got " + permutations);
        }
        this.alpha = alpha;
        this.minChangePct = minChangePct;
        this.permutations = permutations;
    }

    /** The defaults: α = 0.05, 3 %, 999 shuffles. */
    public static ChangePointDetector defaults() {
        return new ChangePointDetector(DEFAULT_ALPHA, DEFAULT_MIN_CHANGE_PCT, DEFAULT_PERMUTATIONS);
    }

    /** The change points of {@code series} in index order; empty for a series too short to have one. */
    public List<ChangePoint> detect(List<Double> series) {
        double[] values = series.stream().mapToDouble(Double::doubleValue).toArray();
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("a series holds only finite numbers, got " + v);
            }
        }
        TreeMap<Integer, Double> cuts = significantCuts(values);
        dropSmallChanges(values, cuts);
        List<ChangePoint> out = new ArrayList<>();
        for (var cut : cuts.entrySet()) {
            int at = cut.getKey();
            double before = median(values, lowerBound(cuts, at), at);
            double after = median(values, at, upperBound(cuts, at, values.length));
            out.add(new ChangePoint(at, before, after, changePct(before, after), cut.getValue()));
        }
        return out;
    }

    /** Cut → p-value of every cut the permutation test accepted. */
    private TreeMap<Integer, Double> significantCuts(double[] values) {
        TreeMap<Integer, Double> cuts = new TreeMap<>();
        Random random = new Random(SEED);
        while (true) {
            int[] bounds = bounds(cuts, values.length);
            int bestFrom = -1;
            EnergySplit best = EnergySplit.NONE;
            for (int s = 0; s + 1 < bounds.length; s++) {
                EnergySplit split = EnergySplit.best(values, bounds[s], bounds[s + 1], MIN_SEGMENT);
                if (split.cut() >= 0 && (bestFrom < 0 || split.statistic() > best.statistic())) {
                    best = split;
                    bestFrom = bounds[s];
                }
            }
            if (bestFrom < 0 || !(best.statistic() > 0)) {
                return cuts;
            }
            double p = permutationP(values, bounds, best.statistic(), random);
            if (p > alpha) {
                return cuts;
            }
            cuts.put(bestFrom + best.cut(), p);
        }
    }

    /** How often the largest statistic over all segments, each shuffled, reaches {@code observed}. */
    private double permutationP(double[] values, int[] bounds, double observed, Random random) {
        double[] shuffled = values.clone();
        int hits = 0;
        for (int r = 0; r < permutations; r++) {
            double largest = Double.NEGATIVE_INFINITY;
            for (int s = 0; s + 1 < bounds.length; s++) {
                shuffle(shuffled, bounds[s], bounds[s + 1], random);
                EnergySplit split = EnergySplit.best(shuffled, bounds[s], bounds[s + 1], MIN_SEGMENT);
                if (split.cut() >= 0) {
                    largest = Math.max(largest, split.statistic());
                }
            }
            if (largest >= observed) {
                hits++;
            }
        }
        return (hits + 1.0) / (permutations + 1.0);
    }

    /** Drops, smallest first, every cut whose medians either side differ by less than the minimum. */
    private void dropSmallChanges(double[] values, TreeMap<Integer, Double> cuts) {
        while (true) {
            Integer smallest = null;
            double smallestPct = Double.POSITIVE_INFINITY;
            for (int at : cuts.keySet()) {
                double before = median(values, lowerBound(cuts, at), at);
                double after = median(values, at, upperBound(cuts, at, values.length));
                double pct = Math.abs(changePct(before, after));
                if (pct < minChangePct && pct < smallestPct) {
                    smallest = at;
                    smallestPct = pct;
                }
            }
            if (smallest == null) {
                return;
            }
            cuts.remove(smallest);
        }
    }

    private static int[] bounds(TreeMap<Integer, Double> cuts, int length) {
        int[] bounds = new int[cuts.size() + 2];
        int i = 0;
        bounds[i++] = 0;
        for (int cut : cuts.keySet()) {
            bounds[i++] = cut;
        }
        bounds[i] = length;
        return bounds;
    }

    private static int lowerBound(TreeMap<Integer, Double> cuts, int at) {
        Integer lower = cuts.lowerKey(at);
        return lower == null ? 0 : lower;
    }

    private static int upperBound(TreeMap<Integer, Double> cuts, int at, int length) {
        Integer higher = cuts.higherKey(at);
        return higher == null ? length : higher;
    }

    private static void shuffle(double[] values, int from, int to, Random random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            double swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
    }

    static double median(double[] values, int from, int to) {
        double[] part = Arrays.copyOfRange(values, from, to);
        Arrays.sort(part);
        int mid = part.length / 2;
        return part.length % 2 == 1 ? part[mid] : (part[mid - 1] + part[mid]) / 2;
    }

    /** (after − before) ÷ |before| × 100; 0 when both are 0, infinite when only before is. */
    static double changePct(double before, double after) {
        if (before == 0) {
            return after == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, after);
        }
        return (after - before) / Math.abs(before) * 100;
    }
}
