package io.proxybench.loadtest.results;

/**
 * A JVM front end's own figures from its admin endpoint, in one second (a sample) or over one step:
 * GC time per second and collections, heap in use, and JIT compile time per second. Null for nginx,
 * and when the admin endpoint did not answer or (JIT in runs made before it was published) lacked it.
 */
public record JvmFigures(Double gcMsPerSec, Long gcCount, Double heapUsedMb, Double jitMsPerSec) {

    public static final JvmFigures NONE = new JvmFigures(null, null, null, null);
}
