package io.proxybench.common.testing;

import java.util.Random;
import java.util.SplittableRandom;

/**
 * The one seed all of a test's randomness comes from, so that a failure can be replayed: the seed is
 * {@code -D}{@value #PROPERTY} when given, a fresh one otherwise, and {@link TestSeedExtension} adds it
 * to the failure. Each thread or stream of a test takes its own {@link #random(long)}, so that what
 * one thread draws does not depend on how the threads happened to interleave.
 */
public final class TestSeed {

    /** The system property that replays a seed: {@code mvn test -Dtest=... -Dproxybench.test.seed=N}. */
    public static final String PROPERTY = "proxybench.test.seed";

    private final long value;

    private TestSeed(long value) {
        this.value = value;
    }

    /** {@code -D}{@value #PROPERTY} when set, else a fresh seed. */
    public static TestSeed draw() {
        String given = System.getProperty(PROPERTY);
        if (given != null && !given.isBlank()) {
            return new TestSeed(Long.parseLong(given.strip()));
        }
        return new TestSeed(new SplittableRandom().nextLong());
    }

    public static TestSeed of(long value) {
        return new TestSeed(value);
    }

    public long value() {
        return value;
    }

    /** Stream 0: for a test with a single thread of randomness. */
    public Random random() {
        return random(0);
    }

    /**
     * A generator for one stream of the test (a thread's index, a connection's number): the same seed
     * and stream give the same numbers, different streams unrelated ones.
     */
    public Random random(long stream) {
        return new Random(mix(value + stream * 0x9E37_79B9_7F4A_7C15L));
    }

    /** For failure messages: the seed and how to replay it. */
    @Override
    public String toString() {
        return "seed " + value + " (replay with -D" + PROPERTY + "=" + value + ")";
    }

    /** SplitMix64's finaliser: neighbouring streams must not give neighbouring {@link Random} seeds. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
