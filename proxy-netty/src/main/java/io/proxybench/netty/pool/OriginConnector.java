package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.proxybench.core.route.OriginAddress;

/**
 * How the pool opens, checks and closes one kind of connection. The pool itself never touches a
 * socket, so its bookkeeping can be exercised with fake connections.
 *
 * @param <C> the connection type, e.g. a Netty {@code Channel}
 */
public interface OriginConnector<C> {

    /** Opens a connection served by {@code loop}; the future completes on {@code loop}. */
    Future<C> connect(EventExecutor loop, OriginAddress origin);

    /** False once the connection can no longer carry a request (closed by either side). */
    boolean isUsable(C connection);

    void close(C connection);

    /** Runs {@code action} on the connection's loop once it has closed, whichever side closed it. */
    void onClose(C connection, Runnable action);
}
