package io.proxybench.core.conformance;

import java.time.Duration;

/**
 * Retries an assertion for a while. Counters and closes that a front end performs just after the
 * last response byte leaves can lag the client's read by a moment; no case depends on their timing.
 */
public final class Eventually {

    private static final Duration DEFAULT = Duration.ofSeconds(3);

    private Eventually() {}

    public interface Check {
        void run() throws Exception;
    }

    public static void holds(Check check) throws Exception {
        holds(DEFAULT, check);
    }

    public static void holds(Duration within, Check check) throws Exception {
        long until = System.nanoTime() + within.toNanos();
        while (true) {
            try {
                check.run();
                return;
            } catch (AssertionError e) {
                if (System.nanoTime() > until) {
                    throw e;
                }
            }
            Thread.sleep(25);
        }
    }
}
