package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.core.route.OriginAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** The host pools of one loop, looked up and swept only on that loop. */
final class LoopPool<C> {

    private final EventExecutor loop;
    private final Function<OriginAddress, HostLimit<C>> limits;
    private final OriginConnector<C> connector;
    private final PoolSettings settings;
    private final PoolListener listener;
    private final Map<OriginAddress, HostPool<C>> hosts = new HashMap<>();
    private final ScheduledFuture<?> sweeper;

    LoopPool(
            EventExecutor loop,
            Function<OriginAddress, HostLimit<C>> limits,
            OriginConnector<C> connector,
            PoolSettings settings,
            PoolListener listener) {
        this.loop = loop;
        this.limits = limits;
        this.connector = connector;
        this.settings = settings;
        this.listener = listener;
        long every = settings.sweepInterval().toNanos();
        this.sweeper = loop.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.NANOSECONDS);
    }

    HostPool<C> host(OriginAddress origin) {
        HostPool<C> pool = hosts.get(origin);
        if (pool == null) {
            HostLimit<C> limit = limits.apply(origin);
            pool = new HostPool<>(loop, origin, limit, connector, settings, listener);
            hosts.put(origin, pool);
            limit.pools.add(pool);
        }
        return pool;
    }

    private void sweep() {
        evictIdleFor(settings.idleTimeout().toNanos());
    }

    /** Closes this loop's connections idle for {@code idleNanos} or longer; the sweep's path, on request too. */
    int evictIdleFor(long idleNanos) {
        long now = System.nanoTime();
        int evicted = 0;
        for (HostPool<C> pool : hosts.values()) {
            evicted += pool.evictIdleFor(now, idleNanos);
        }
        return evicted;
    }

    void close() {
        sweeper.cancel(false);
        for (HostPool<C> pool : hosts.values()) {
            pool.close();
        }
    }
}
