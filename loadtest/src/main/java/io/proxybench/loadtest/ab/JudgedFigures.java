package io.proxybench.loadtest.ab;

import io.proxybench.loadtest.compare.Metric;
import java.util.List;
import java.util.Locale;

/**
 * Which figures an A/B judges, and so how large the family that Holm's correction spans is.
 *
 * <p>All four find a latency regression at equal CPU, at the price of a family four times as large: with 6
 * rounds the CPU figure then needs a p four times smaller. The gate's question is the CPU per request a
 * change costs, and after its short warm-up the latencies of a 2-core machine spread too wide to judge
 * (TP99 ±86 % over 6 turns of one build); it judges CPU per request alone, every step one test.
 */
public enum JudgedFigures {
    /** CPU per request, req/s, TP50 and TP99 at every step, one family. */
    ALL,
    /** CPU per request alone at every step. */
    CPU;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The figures judged under {@code jitBusy}'s choice of CPU figure. */
    public List<Metric> figures(JitBusyPolicy jitBusy) {
        List<Metric> all = jitBusy.figures();
        return this == ALL ? all : all.subList(0, 1);
    }
}
