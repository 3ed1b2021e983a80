package io.proxybench.netty.pool;

/** Pool events worth counting; called on the pool's loops, so implementations must be cheap and thread-safe. */
public interface PoolListener {

    PoolListener NONE = new PoolListener() {};

    default void connectionOpened() {}

    /** A request had to queue because the host was at its maximum. */
    default void waitStarted() {}

    default void waitTimedOut() {}
}
