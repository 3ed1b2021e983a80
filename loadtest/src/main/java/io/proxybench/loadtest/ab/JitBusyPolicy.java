package io.proxybench.loadtest.ab;

import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.results.StepRecord;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a step that the JIT was busy in ({@code jit-busy}: its compiler threads took 10 % or more of the
 * front end's CPU) means to an A/B.
 *
 * <p>After an automatic warm-up hardly a step is busy, and leaving such a pair out costs little; a gate that
 * must fit CI's minutes warms for a fixed, short time, after which most steps of a JVM still compile. There
 * the compiler's CPU, measured apart per thread, is taken out of CPU per request, and a busy JIT no longer
 * excludes a pair: what remains of the warm-up (code not yet at its last tier) falls on both sides alike in
 * ABBA rounds of the same schedule. A change that only makes the JIT work harder goes unseen that way.
 */
public enum JitBusyPolicy {
    /** A pair with a {@code jit-busy} step is left out; CPU per request is the whole process's. */
    EXCLUDE(Metric.US_PER_REQ, false),
    /** A {@code jit-busy} step counts; CPU per request leaves out the JIT compiler threads. */
    SUBTRACT(Metric.US_PER_REQ_OUTSIDE_JIT, true);

    private final Metric cpuFigure;
    private final Set<String> disturbing;

    JitBusyPolicy(Metric cpuFigure, boolean jitBusyCounts) {
        this.cpuFigure = cpuFigure;
        Set<String> flags = new TreeSet<>(StepRecord.DISTURBING_FLAGS);
        if (jitBusyCounts) {
            flags.remove(StepRecord.FLAG_JIT_BUSY);
        }
        this.disturbing = Collections.unmodifiableSet(flags);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The figures an A/B compares under this policy, CPU per request first. */
    public List<Metric> figures() {
        return List.of(cpuFigure, Metric.RPS, Metric.P50, Metric.P99);
    }

    /** The flags that leave a step's pair out under this policy, in name order. */
    public Set<String> disturbing() {
        return disturbing;
    }
}
