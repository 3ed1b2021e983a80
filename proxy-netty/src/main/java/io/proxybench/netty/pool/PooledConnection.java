package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.route.OriginAddress;

/**
 * One pooled connection. The same object is handed out for every lease of the connection; its
 * state is only changed on the loop that owns it.
 */
public final class PooledConnection<C> {

    enum State {
        LEASED,
        IDLE,
        DISCARDED,
        CLOSED
    }

    private final C connection;
    private final HostPool<C> owner;
    State state = State.LEASED;
    long idleSinceNanos;
    int leases;

    PooledConnection(C connection, HostPool<C> owner) {
        this.connection = connection;
        this.owner = owner;
    }

    public C connection() {
        return connection;
    }

    /**
     * Whether a request to this connection's host waits for one on any loop: then a connection
     * given back is wanted at once. Callable from any thread.
     */
    public boolean wanted() {
        return owner.hostHasWaiters();
    }

    public EventExecutor loop() {
        return owner.loop;
    }

    public OriginAddress origin() {
        return owner.origin;
    }

    /**
     * True when this lease is not the connection's first: the origin may have closed it while it
     * sat idle, so a failure before any response byte is worth one retry on a fresh connection.
     * Read on the owning loop, or after a hop from it.
     */
    public boolean isReused() {
        return leases > 1;
    }

    /**
     * Gives the connection back. {@code reusable} must be false after {@code Connection: close},
     * an incomplete exchange or any error: the connection is then closed instead of pooled.
     * Callable from any thread; exactly once per lease.
     */
    public void release(boolean reusable) {
        if (owner.loop.inEventLoop()) {
            owner.release(this, reusable);
        } else {
            owner.loop.execute(() -> owner.release(this, reusable));
        }
    }

    @Override
    public String toString() {
        return "PooledConnection[" + owner.origin + " " + connection + "]";
    }
}
