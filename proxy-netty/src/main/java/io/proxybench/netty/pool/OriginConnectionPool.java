package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.route.OriginAddress;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * Keep-alive connections to origins, kept per (event loop, origin host).
 *
 * <p>A request borrows from the pool of the loop its origin connections live on and returns there,
 * so the common path (an idle connection is there, or goes back) touches only structures owned by
 * that loop: no lock, no atomic. The per-host maximum is global: a shared permit count is taken
 * when a connection opens and given back when it closes. When a host is at its maximum a request
 * waits in its loop's queue (bounded in length and time); a connection freed on another loop then
 * wakes it, and loops holding idle connections to that host are asked to close one so that the
 * permit can move to where it is needed.
 *
 * @param <C> the connection type; {@link OriginConnector} knows how to open and close it
 */
public final class OriginConnectionPool<C> implements AutoCloseable {

    private final Map<EventExecutor, LoopPool<C>> loops = new IdentityHashMap<>();
    private final Map<OriginAddress, HostLimit<C>> limits = new ConcurrentHashMap<>();
    private final PoolSettings settings;

    /**
     * @param group the loops connections may live on (an {@link io.netty.util.concurrent.EventExecutorGroup}
     *              is one); {@link #acquire} only accepts these
     */
    public OriginConnectionPool(
            Iterable<? extends EventExecutor> group,
            OriginConnector<C> connector,
            PoolSettings settings,
            PoolListener listener) {
        this.settings = settings;
        for (EventExecutor loop : group) {
            loops.put(loop, new LoopPool<>(loop, this::limit, connector, settings, listener));
        }
    }

    /**
     * Borrows a connection to {@code origin} that lives on {@code loop}. Callable from any thread;
     * the callback runs on {@code loop}. Give the connection back with
     * {@link PooledConnection#release(boolean)} exactly once.
     */
    public void acquire(EventExecutor loop, OriginAddress origin, AcquireCallback<C> callback) {
        LoopPool<C> pool = loops.get(loop);
        if (pool == null) {
            throw new IllegalArgumentException("not a loop of this pool: " + loop);
        }
        if (loop.inEventLoop()) {
            pool.host(origin).acquire(callback);
        } else {
            loop.execute(() -> pool.host(origin).acquire(callback));
        }
    }

    /** Connections handed out right now. */
    public int leasedCount() {
        int n = 0;
        for (HostLimit<C> limit : limits.values()) {
            for (HostPool<C> pool : limit.pools) {
                n += pool.leasedCount();
            }
        }
        return n;
    }

    public int idleCount() {
        int n = 0;
        for (HostLimit<C> limit : limits.values()) {
            for (HostPool<C> pool : limit.pools) {
                n += pool.idleCount();
            }
        }
        return n;
    }

    /** Connections that hold a permit: connecting, leased or idle. */
    public int openCount() {
        int n = 0;
        for (HostLimit<C> limit : limits.values()) {
            n += limit.permitsInUse();
        }
        return n;
    }

    /** Releases of a connection that was not leased (a caller bug); 0 in a correct program. */
    public int misuseCount() {
        int n = 0;
        for (HostLimit<C> limit : limits.values()) {
            for (HostPool<C> pool : limit.pools) {
                n += pool.misuseCount();
            }
        }
        return n;
    }

    /**
     * Closes the idle connections of every loop that have been idle for {@code idleFor} or longer, each
     * on its own loop through the idle sweep's path; completes with how many once every loop has.
     * Callable from any thread.
     */
    public CompletableFuture<Integer> closeIdle(Duration idleFor) {
        long idleNanos = idleFor.toNanos();
        CompletableFuture<Integer> all = CompletableFuture.completedFuture(0);
        for (Map.Entry<EventExecutor, LoopPool<C>> e : loops.entrySet()) {
            CompletableFuture<Integer> one = new CompletableFuture<>();
            try {
                e.getKey().execute(() -> one.complete(e.getValue().evictIdleFor(idleNanos)));
            } catch (RejectedExecutionException shuttingDown) {
                one.complete(0);
            }
            all = all.thenCombine(one, Integer::sum);
        }
        return all;
    }

    public PoolSettings settings() {
        return settings;
    }

    /** Closes idle connections and fails waiters; leased connections are closed when released. */
    @Override
    public void close() {
        for (Map.Entry<EventExecutor, LoopPool<C>> e : loops.entrySet()) {
            EventExecutor loop = e.getKey();
            if (loop.isShuttingDown()) {
                continue;
            }
            if (loop.inEventLoop()) {
                e.getValue().close();
            } else {
                try {
                    loop.execute(e.getValue()::close);
                } catch (RejectedExecutionException ignored) {
                    // the loop is going away and takes its connections with it
                }
            }
        }
    }

    private HostLimit<C> limit(OriginAddress origin) {
        return limits.computeIfAbsent(origin, o -> new HostLimit<>(settings.maxPerHost(), settings.maxWaiters()));
    }
}
