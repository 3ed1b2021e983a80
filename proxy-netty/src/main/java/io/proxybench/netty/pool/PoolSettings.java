package io.proxybench.netty.pool;

import java.time.Duration;

/**
 * @param maxPerHost  connections to one origin host across all loops (connecting, leased or idle)
 * @param waitTimeout longest wait for a connection when the host is at its maximum
 * @param maxWaiters  requests that may wait per host; more fail at once
 * @param idleTimeout an idle connection is closed after this
 */
public record PoolSettings(int maxPerHost, Duration waitTimeout, int maxWaiters, Duration idleTimeout) {

    public PoolSettings {
        if (maxPerHost < 1) {
            throw new IllegalArgumentException("maxPerHost must be >= 1");
        }
        if (maxWaiters < 0) {
            throw new IllegalArgumentException("maxWaiters must be >= 0");
        }
    }

    /** How often each loop looks for idle connections past their timeout. */
    Duration sweepInterval() {
        long quarter = idleTimeout.toMillis() / 4;
        return Duration.ofMillis(Math.max(10, Math.min(1000, quarter)));
    }
}
