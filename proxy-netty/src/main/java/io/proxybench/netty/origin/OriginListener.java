package io.proxybench.netty.origin;

import io.netty.handler.codec.http.HttpObject;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.http.ProxyError;

/**
 * The exchange an origin connection currently serves. Every method is called on
 * {@link #clientLoop()}: when the origin connection lives on another loop the calls hop there, in
 * order, so the exchange never sees two threads.
 */
public interface OriginListener {

    EventExecutor clientLoop();

    /** One message of the response; ownership passes to the listener. */
    void originRead(HttpObject msg);

    /** The end of one read burst from the origin: a good moment to flush the client. */
    void originReadComplete();

    void originWritabilityChanged(boolean writable);

    /** The connection failed before the response was complete. Called at most once per binding. */
    void originFailed(ProxyError error, Throwable cause);
}
