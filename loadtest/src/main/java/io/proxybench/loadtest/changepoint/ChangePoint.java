package io.proxybench.loadtest.changepoint;

/**
 * Where a series moved: the figure is {@code before} up to {@code index} (exclusive) and {@code after}
 * from it on.
 *
 * @param index     the first point of the new level
 * @param before    the median of the points from the previous change point (or the start) to {@code index}
 * @param after     the median of the points from {@code index} to the next change point (or the end)
 * @param changePct (after − before) ÷ |before| × 100
 * @param pValue    the permutation test's p-value when the split was accepted
 */
public record ChangePoint(int index, double before, double after, double changePct, double pValue) {}
