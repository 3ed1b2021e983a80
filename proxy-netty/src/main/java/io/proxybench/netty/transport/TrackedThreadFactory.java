package io.proxybench.netty.transport;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Netty's thread factory (fast thread-locals, readable names) that remembers its threads, so that
 * a shutdown can wait until they have really ended rather than until their executor said so.
 */
public final class TrackedThreadFactory extends DefaultThreadFactory {

    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    public TrackedThreadFactory(String poolName) {
        super(poolName);
    }

    @Override
    protected Thread newThread(Runnable r, String name) {
        Thread t = super.newThread(r, name);
        threads.add(t);
        return t;
    }

    /** How many threads it has made: an event loop's thread is made when it is first given work. */
    public int threadsMade() {
        return threads.size();
    }

    /** Waits for every thread made so far to end, at most {@code millis} in all. */
    public void join(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        for (Thread t : threads) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return;
            }
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
