package io.proxybench.tomcat.connector;

import java.time.Duration;
import org.apache.coyote.Adapter;
import org.apache.coyote.Processor;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.net.AbstractEndpoint;

/**
 * What the proxy's APR, NIO and NIO2 protocols add to Tomcat's, in one place: the request-head
 * checks ({@link HeadCheckingProcessor}) and the connection events. Tomcat's three protocols and
 * their endpoints are sibling classes with no common superclass of ours, so each subclass keeps only
 * the overrides Java makes it write and delegates their bodies here.
 */
final class ProxyProtocolHooks {

    private final ConnectionEvents events;
    private final long headTimeoutNanos;

    /** @param headTimeout how long a client may take to send a whole request head */
    ProxyProtocolHooks(ConnectionEvents events, Duration headTimeout) {
        this.events = events;
        this.headTimeoutNanos = headTimeout.toNanos();
    }

    /**
     * From the protocol's constructor, once its endpoint exists: closes are reported through
     * {@link ClosingHandler}.
     */
    void attach(AbstractEndpoint<?, ?> endpoint) {
        ClosingHandler.install(endpoint, events);
    }

    /** The body of the endpoint's {@code setSocketOptions}: Tomcat now owns the socket when {@code accepted}. */
    boolean opened(boolean accepted) {
        if (accepted) {
            events.opened();
        }
        return accepted;
    }

    /** The body of the protocol's {@code createProcessor}. */
    Processor newProcessor(AbstractHttp11Protocol<?> protocol, Adapter adapter) {
        return new HeadCheckingProcessor(protocol, adapter, headTimeoutNanos, events);
    }

    /**
     * Tomcat asks {@code isPaused()} right after judging a request line's version: serve HTTP/1.2 … 1.9
     * as 1.1 then.
     */
    boolean versionJudged(boolean paused) {
        HeadCheckingProcessor.checkServingVersion();
        return paused;
    }

    /**
     * Tomcat asks {@code getDisableUploadTimeout()} between parsing a head and reading its body: check
     * the head then.
     */
    boolean headParsed(boolean disableUploadTimeout) {
        HeadCheckingProcessor.checkServingRequest();
        return disableUploadTimeout;
    }
}
