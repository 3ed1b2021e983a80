package io.proxybench.loadtest.ab;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down correction: p-values adjusted so that comparing each with alpha keeps the chance of
 * any false verdict in the whole family at most alpha, whatever the dependence between the tests (CPU per
 * request, throughput and latency of one step are far from independent). Uniformly more powerful than
 * Bonferroni and as free of assumptions.
 */
final class HolmCorrection {

    private HolmCorrection() {}

    /** The adjusted p of each raw p, in order: the i-th smallest times (F − i + 1), kept monotone, at most 1. */
    static double[] adjust(double[] raw) {
        int family = raw.length;
        Integer[] order = new Integer[family];
        for (int i = 0; i < family; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> raw[i]));
        double[] adjusted = new double[family];
        double running = 0;
        for (int rank = 0; rank < family; rank++) {
            int index = order[rank];
            running = Math.max(running, Math.min(1, (family - rank) * raw[index]));
            adjusted[index] = running;
        }
        return adjusted;
    }
}
