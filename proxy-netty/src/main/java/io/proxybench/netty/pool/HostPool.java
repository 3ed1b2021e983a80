package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.core.route.OriginAddress;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connections of one loop to one origin host. Every method runs on {@link #loop}, so the idle
 * stack and the wait queue need no lock: confinement is the synchronisation. Only the shared
 * {@link HostLimit} uses atomics, and only when a connection opens or closes or a request waits.
 */
final class HostPool<C> {

    private static final Logger log = LoggerFactory.getLogger(HostPool.class);

    final EventExecutor loop;
    final OriginAddress origin;
    private final HostLimit<C> limit;
    private final OriginConnector<C> connector;
    private final PoolSettings settings;
    private final PoolListener listener;

    /** Most recently used first, so that surplus connections age out at the tail. */
    private final ArrayDeque<PooledConnection<C>> idle = new ArrayDeque<>();

    private final ArrayDeque<Waiter<C>> waiters = new ArrayDeque<>();
    private int leased;
    private boolean closed;

    /** Copies of the counts for readers on other threads (gauges, other loops' wake-up decisions). */
    private final AtomicInteger idleSeen = new AtomicInteger();

    private final AtomicInteger leasedSeen = new AtomicInteger();
    private final AtomicInteger waitersSeen = new AtomicInteger();
    private final AtomicInteger misuse = new AtomicInteger();

    /** Whether a request to this host waits for a connection on any loop. Any thread. */
    boolean hostHasWaiters() {
        return limit.anyWaiters();
    }

    HostPool(
            EventExecutor loop,
            OriginAddress origin,
            HostLimit<C> limit,
            OriginConnector<C> connector,
            PoolSettings settings,
            PoolListener listener) {
        this.loop = loop;
        this.origin = origin;
        this.limit = limit;
        this.connector = connector;
        this.settings = settings;
        this.listener = listener;
    }

    void acquire(AcquireCallback<C> callback) {
        if (closed) {
            callback.failed(new IllegalStateException("origin pool is closed"));
            return;
        }
        PooledConnection<C> c = pollIdle();
        if (c != null) {
            lease(c);
            callback.acquired(c);
            return;
        }
        if (waiters.isEmpty() && limit.tryAcquirePermit()) {
            connect(callback);
            return;
        }
        enqueue(callback);
    }

    void release(PooledConnection<C> c, boolean reusable) {
        if (c.state == PooledConnection.State.CLOSED) {
            return; // closed while leased; the close already did the accounting
        }
        if (c.state != PooledConnection.State.LEASED) {
            misuse.incrementAndGet();
            log.warn("{} released while {}; ignored", c, c.state);
            return;
        }
        leased--;
        leasedSeen.lazySet(leased);
        if (!reusable || closed || !connector.isUsable(c.connection())) {
            discard(c);
            return;
        }
        Waiter<C> w = pollWaiter();
        if (w != null) {
            lease(c);
            w.callback.acquired(c);
            return;
        }
        if (limit.anyWaiters()) {
            // Another loop is starving at the maximum: closing frees a permit it can use.
            discard(c);
            return;
        }
        park(c);
        shedIfOthersWait();
    }

    /**
     * After parking a connection: a loop that began to wait between this loop's look at the waiters
     * and the park asked for idle connections before there was one here, and would wait out its
     * whole timeout. Parking publishes the idle count with a full fence and a waiter joins with one
     * before it asks (see {@link #enqueue}), so at least one of the two sees the other.
     */
    private void shedIfOthersWait() {
        if (limit.anyWaiters()) {
            shedOneIdle();
        }
    }

    /** Runs on the loop when a connection closed, whichever side closed it. */
    private void closed(PooledConnection<C> c) {
        switch (c.state) {
            case IDLE -> {
                idle.remove(c);
                idleSeen.lazySet(idle.size());
            }
            case LEASED -> {
                leased--;
                leasedSeen.lazySet(leased);
            }
            case CLOSED -> {
                return;
            }
            default -> {}
        }
        c.state = PooledConnection.State.CLOSED;
        limit.releasePermit();
    }

    /** Hands idle connections or fresh permits to queued requests, oldest request first. */
    void serveWaiters() {
        while (!waiters.isEmpty()) {
            PooledConnection<C> c = pollIdle();
            if (c != null) {
                Waiter<C> w = pollWaiter();
                if (w == null) {
                    park(c);
                    shedIfOthersWait();
                    return;
                }
                lease(c);
                w.callback.acquired(c);
                continue;
            }
            if (!limit.tryAcquirePermit()) {
                return;
            }
            Waiter<C> w = pollWaiter();
            if (w == null) {
                limit.releasePermit();
                return;
            }
            connect(w.callback);
        }
    }

    /** Closes the oldest idle connection if some loop is still waiting for this host. */
    void shedOneIdle() {
        if (limit.anyWaiters() && waiters.isEmpty() && !idle.isEmpty()) {
            PooledConnection<C> c = idle.pollLast();
            idleSeen.lazySet(idle.size());
            discard(c);
        }
    }

    /** Closes the connections idle for {@code idleNanos} or longer; returns how many. */
    int evictIdleFor(long nowNanos, long idleNanos) {
        int evicted = 0;
        PooledConnection<C> oldest;
        while ((oldest = idle.peekLast()) != null && nowNanos - oldest.idleSinceNanos >= idleNanos) {
            idle.pollLast();
            discard(oldest);
            evicted++;
        }
        if (evicted > 0) {
            idleSeen.lazySet(idle.size());
        }
        return evicted;
    }

    void close() {
        closed = true;
        PooledConnection<C> c;
        while ((c = idle.pollFirst()) != null) {
            discard(c);
        }
        idleSeen.lazySet(0);
        Waiter<C> w;
        while ((w = pollWaiter()) != null) {
            w.callback.failed(new IllegalStateException("origin pool is closed"));
        }
    }

    boolean hasWaiters() {
        return waitersSeen.get() > 0;
    }

    boolean hasIdle() {
        return idleSeen.get() > 0;
    }

    int idleCount() {
        return idleSeen.get();
    }

    int leasedCount() {
        return leasedSeen.get();
    }

    int misuseCount() {
        return misuse.get();
    }

    private void lease(PooledConnection<C> c) {
        c.state = PooledConnection.State.LEASED;
        c.leases++;
        leased++;
        leasedSeen.lazySet(leased);
    }

    private PooledConnection<C> pollIdle() {
        PooledConnection<C> c;
        while ((c = idle.pollFirst()) != null) {
            if (connector.isUsable(c.connection())) {
                idleSeen.lazySet(idle.size());
                return c;
            }
            discard(c);
        }
        idleSeen.lazySet(0);
        return null;
    }

    private void park(PooledConnection<C> c) {
        c.state = PooledConnection.State.IDLE;
        c.idleSinceNanos = System.nanoTime();
        idle.addFirst(c);
        idleSeen.set(idle.size()); // a full fence: see shedIfOthersWait
    }

    private void discard(PooledConnection<C> c) {
        c.state = PooledConnection.State.DISCARDED;
        connector.close(c.connection());
    }

    private void connect(AcquireCallback<C> callback) {
        Future<C> f;
        try {
            f = connector.connect(loop, origin);
        } catch (RuntimeException e) {
            limit.releasePermit();
            callback.failed(e);
            return;
        }
        if (f.isDone()) {
            connected(f, callback);
        } else {
            f.addListener(done -> connected(f, callback));
        }
    }

    private void connected(Future<C> f, AcquireCallback<C> callback) {
        if (!loop.inEventLoop()) {
            loop.execute(() -> connected(f, callback));
            return;
        }
        if (!f.isSuccess()) {
            limit.releasePermit();
            callback.failed(f.cause());
            return;
        }
        PooledConnection<C> c = new PooledConnection<>(f.getNow(), this);
        listener.connectionOpened();
        lease(c);
        connector.onClose(c.connection(), () -> closed(c));
        if (closed) {
            leased--;
            leasedSeen.lazySet(leased);
            discard(c);
            callback.failed(new IllegalStateException("origin pool is closed"));
            return;
        }
        callback.acquired(c);
    }

    private void enqueue(AcquireCallback<C> callback) {
        if (!limit.tryAddWaiter()) {
            callback.failed(new PoolExhaustedException(
                    "origin " + origin + " is at its connection maximum and " + "the wait queue is full"));
            return;
        }
        Waiter<C> w = new Waiter<>(callback);
        long timeoutNanos = settings.waitTimeout().toNanos();
        w.timeout = loop.schedule(() -> expire(w), timeoutNanos, TimeUnit.NANOSECONDS);
        waiters.addLast(w);
        // A full fence before the permit look in serveWaiters below: a loop that frees a permit
        // reads this count after freeing it, so either it wakes this loop or this loop sees the permit.
        waitersSeen.set(waiters.size());
        listener.waitStarted();
        limit.askOthersToShed(this);
        // A permit freed between our first try and joining the queue found no waiter to wake.
        serveWaiters();
    }

    private Waiter<C> pollWaiter() {
        Waiter<C> w = waiters.pollFirst();
        if (w == null) {
            return null;
        }
        waitersSeen.lazySet(waiters.size());
        w.timeout.cancel(false);
        limit.waiterLeft();
        return w;
    }

    private void expire(Waiter<C> w) {
        if (!waiters.remove(w)) {
            return;
        }
        waitersSeen.lazySet(waiters.size());
        limit.waiterLeft();
        listener.waitTimedOut();
        w.callback.failed(new PoolExhaustedException("no connection to origin " + origin + " came free within "
                + settings.waitTimeout().toMillis() + " ms"));
    }

    private static final class Waiter<C> {
        final AcquireCallback<C> callback;
        ScheduledFuture<?> timeout;

        Waiter(AcquireCallback<C> callback) {
            this.callback = callback;
        }
    }
}
