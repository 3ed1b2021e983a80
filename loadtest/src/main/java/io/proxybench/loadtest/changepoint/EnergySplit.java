package io.proxybench.loadtest.changepoint;

/**
 * The best place to cut one segment: E-divisive's statistic (energy distance with exponent 1, scaled by
 * the sizes of the parts) between the points before a cut τ and those from τ up to some end κ,
 *
 * <pre>
 * Q(τ, κ) = τ·k/(τ + k) · ( 2/(τ·k)·Σ|xᵢ − yⱼ| − Σ|xᵢ − xᵢ'|/C(τ,2) − Σ|yⱼ − yⱼ'|/C(k,2) )
 * </pre>
 *
 * <p>for x the τ points from the segment's start, y the k = κ − τ points after them, maximised over both
 * τ and κ. Letting the right part end before the segment does (Matteson and James' κ) is what finds a
 * block that went up and came back down: cut at the whole segment's end, neither side of the block
 * looks different enough. Every part holds at least {@code minSegment} points. Sums over blocks of the
 * distance matrix come from its two-dimensional prefix sums, so a segment of n points costs O(n²).
 *
 * @param cut       the first index of the right part, relative to the segment; -1 when none is allowed
 * @param statistic Q at that cut; 0 when none is allowed
 */
record EnergySplit(int cut, double statistic) {

    static final EnergySplit NONE = new EnergySplit(-1, 0);

    static EnergySplit best(double[] values, int from, int to, int minSegment) {
        int n = to - from;
        if (n < 2 * minSegment) {
            return NONE;
        }
        // sums[i][j]: the sum of |v(a) - v(b)| over a < i, b < j (indexes relative to the segment)
        double[][] sums = new double[n + 1][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                sums[i + 1][j + 1] =
                        sums[i][j + 1] + sums[i + 1][j] - sums[i][j] + Math.abs(values[from + i] - values[from + j]);
            }
        }
        int bestCut = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int tau = minSegment; tau <= n - minSegment; tau++) {
            double withinLeft = block(sums, 0, tau, 0, tau) / 2;
            double left = withinLeft / (tau * (tau - 1) / 2.0);
            for (int kappa = tau + minSegment; kappa <= n; kappa++) {
                int k = kappa - tau;
                double between = block(sums, 0, tau, tau, kappa);
                double right = block(sums, tau, kappa, tau, kappa) / 2 / (k * (k - 1) / 2.0);
                double q = (double) tau * k / (tau + k) * (2 * between / ((double) tau * k) - left - right);
                if (q > bestQ) {
                    bestQ = q;
                    bestCut = tau;
                }
            }
        }
        return new EnergySplit(bestCut, bestQ);
    }

    /** The sum of distances over rows [r1, r2) and columns [c1, c2). */
    private static double block(double[][] sums, int r1, int r2, int c1, int c2) {
        return sums[r2][c2] - sums[r1][c2] - sums[r2][c1] + sums[r1][c1];
    }
}
