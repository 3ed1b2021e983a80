package io.proxybench.netty.pool;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the loops share about one origin host: the connection permits (the global maximum) and the
 * number of waiters. Touched only when a connection opens or closes or a request must wait, never
 * on the borrow/return of an idle connection.
 */
final class HostLimit<C> {

    private final int maxConnections;
    private final int maxWaiters;
    private final AtomicInteger permits = new AtomicInteger();
    private final AtomicInteger waiters = new AtomicInteger();
    /** One per loop that has served this host; read when a loop must be woken. */
    final List<HostPool<C>> pools = new CopyOnWriteArrayList<>();

    HostLimit(int maxConnections, int maxWaiters) {
        this.maxConnections = maxConnections;
        this.maxWaiters = maxWaiters;
    }

    boolean tryAcquirePermit() {
        for (; ; ) {
            int n = permits.get();
            if (n >= maxConnections) {
                return false;
            }
            if (permits.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    /** A connection closed or failed to open: its permit may serve a waiter on any loop. */
    void releasePermit() {
        permits.decrementAndGet();
        if (waiters.get() > 0) {
            for (HostPool<C> pool : pools) {
                if (pool.hasWaiters()) {
                    pool.loop.execute(pool::serveWaiters);
                }
            }
        }
    }

    boolean tryAddWaiter() {
        for (; ; ) {
            int n = waiters.get();
            if (n >= maxWaiters) {
                return false;
            }
            if (waiters.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    void waiterLeft() {
        waiters.decrementAndGet();
    }

    boolean anyWaiters() {
        return waiters.get() > 0;
    }

    /**
     * A request on {@code starving}'s loop waits while other loops may hold idle connections to
     * the same host: ask each of them to close one, which frees a permit.
     */
    void askOthersToShed(HostPool<C> starving) {
        for (HostPool<C> pool : pools) {
            if (pool != starving && pool.hasIdle()) {
                pool.loop.execute(pool::shedOneIdle);
            }
        }
    }

    int permitsInUse() {
        return permits.get();
    }
}
