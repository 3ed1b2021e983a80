package io.proxybench.netty.pool;

/** Receives the outcome of one {@link OriginConnectionPool#acquire}; called on the pool's loop. */
public interface AcquireCallback<C> {

    void acquired(PooledConnection<C> connection);

    /**
     * The pool could not hand out a connection: {@link PoolExhaustedException} when the host is at
     * its maximum and the wait failed, otherwise the connect failure.
     */
    void failed(Throwable cause);
}
