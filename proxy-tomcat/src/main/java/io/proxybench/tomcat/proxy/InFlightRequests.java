package io.proxybench.tomcat.proxy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** Requests inside the proxy servlet now; a drain waits for this to reach zero. Contention-free on the hot path. */
public final class InFlightRequests {

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final LongAdder count = new LongAdder();

    void begin() {
        count.increment();
    }

    void end() {
        count.decrement();
    }

    public long current() {
        return count.sum();
    }

    /** Waits until no request is in flight or {@code max} has passed; true when none is left. */
    public boolean awaitNone(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (count.sum() > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(left, POLL_NANOS));
        }
        return true;
    }
}
