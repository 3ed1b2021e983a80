package io.proxybench.loadtest.results;

import java.util.function.Function;

/**
 * A JVM front end's own figures from its admin endpoint, in one second (a sample) or over one step:
 * GC time per second and collections, heap in use, and JIT compile time per second. Null for nginx,
 * and when the admin endpoint did not answer or (JIT in runs made before it was published) lacked it.
 */
public record JvmFigures(Double gcMsPerSec, Long gcCount, Double heapUsedMb, Double jitMsPerSec) {

    public static final JvmFigures NONE = new JvmFigures(null, null, null, null);

    /**
     * The figures that are rates per second, each as {@code rate} makes it from the samples' (over a
     * step's load window); the others are left for {@link #withLevels}.
     */
    public static JvmFigures ratesFrom(Function<Function<JvmFigures, Double>, Double> rate) {
        return new JvmFigures(rate.apply(JvmFigures::gcMsPerSec), null, null, rate.apply(JvmFigures::jitMsPerSec));
    }

    /** These rates with a step's collections and its mean heap, which are not rates. */
    public JvmFigures withLevels(Long gcCount, Double heapUsedMb) {
        return new JvmFigures(gcMsPerSec, gcCount, heapUsedMb, jitMsPerSec);
    }
}
