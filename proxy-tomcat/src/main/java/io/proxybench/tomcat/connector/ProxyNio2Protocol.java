package io.proxybench.tomcat.connector;

import org.apache.coyote.Processor;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.coyote.http11.Http11Nio2Protocol;
import org.apache.tomcat.util.net.Nio2Endpoint;

import java.nio.channels.AsynchronousSocketChannel;
import java.time.Duration;

/** Tomcat's NIO2 HTTP/1.1 protocol with the proxy's request-head checks ({@link HeadCheckingProcessor}) and connection events. */
public final class ProxyNio2Protocol extends Http11Nio2Protocol implements EndpointFigures {

    private final ConnectionEvents events;
    private final long headTimeoutNanos;

    /** @param headTimeout how long a client may take to send a whole request head */
    public ProxyNio2Protocol(ConnectionEvents events, Duration headTimeout) {
        super(new CountingEndpoint(events));
        this.events = events;
        this.headTimeoutNanos = headTimeout.toNanos();
        ClosingHandler.install(getEndpoint(), events);
    }

    @Override
    protected Processor createProcessor() {
        return new HeadCheckingProcessor(this, getAdapter(), headTimeoutNanos, events);
    }

    @Override
    public boolean getDisableUploadTimeout() {
        HeadCheckingProcessor.checkServingRequest();
        return super.getDisableUploadTimeout();
    }

    @Override
    public AbstractEndpoint<?, ?> endpoint() {
        return getEndpoint();
    }

    private static final class CountingEndpoint extends Nio2Endpoint {

        private final ConnectionEvents events;

        CountingEndpoint(ConnectionEvents events) {
            this.events = events;
        }

        @Override
        protected boolean setSocketOptions(AsynchronousSocketChannel socket) {
            // true: Tomcat now owns a socket wrapper, whose close is reported by ClosingHandler.
            boolean accepted = super.setSocketOptions(socket);
            if (accepted) {
                events.opened();
            }
            return accepted;
        }
    }
}
