package io.proxybench.netty.pool;

/** The host is at its connection maximum and no connection came free in time (or no wait was allowed). */
public final class PoolExhaustedException extends Exception {

    public PoolExhaustedException(String message) {
        super(message, null, false, false);
    }
}
