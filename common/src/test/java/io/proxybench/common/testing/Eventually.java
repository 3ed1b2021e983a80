package io.proxybench.common.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits for the event a test needs instead of sleeping for a guessed time: a check is retried until
 * it passes, and returns the moment it does. The limit only bounds a hang: a check still failing
 * after it fails the test with the check's own last failure, so nothing depends on how fast or how
 * loaded the machine is.
 */
public final class Eventually {

    /** Far beyond anything a working system needs, even on a loaded CI machine: only a hang reaches it. */
    public static final Duration DEFAULT = Duration.ofSeconds(30);

    private static final long POLL_MILLIS = 10;

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
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** Waits until {@code condition} is true; {@code what} names it in the failure. */
    public static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + DEFAULT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("still waiting, after " + DEFAULT.toSeconds() + " s, until " + what);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /**
     * Waits until a count has come to a halt, and returns where it stopped: no change for {@code quiet}.
     * For something that must stop by itself (a writer held up by back pressure, a reader that stops
     * reading), which no single event announces. A working system halts long before the limit; a
     * broken one that never stops fails here, and one that stops too late shows in the returned value.
     */
    public static long settles(String what, LongSupplier count, Duration quiet) throws InterruptedException {
        long until = System.nanoTime() + DEFAULT.toNanos();
        long last = count.getAsLong();
        long changedAt = System.nanoTime();
        while (true) {
            Thread.sleep(POLL_MILLIS);
            long now = System.nanoTime();
            long value = count.getAsLong();
            if (value != last) {
                last = value;
                changedAt = now;
            } else if (now - changedAt >= quiet.toNanos()) {
                return value;
            }
            if (now > until) {
                throw new AssertionError(
                        what + " still changing after " + DEFAULT.toSeconds() + " s (last " + value + ")");
            }
        }
    }
}
