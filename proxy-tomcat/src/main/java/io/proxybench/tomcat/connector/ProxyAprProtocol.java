package io.proxybench.tomcat.connector;

import org.apache.coyote.Processor;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.coyote.http11.Http11AprProtocol;
import org.apache.tomcat.util.net.AprEndpoint;

import java.time.Duration;

/** Tomcat's APR (native) HTTP/1.1 protocol with the proxy's request-head checks ({@link HeadCheckingProcessor}) and connection events. */
// Tomcat deprecates its APR connector (10.1 drops it); measuring it is the point of this front end.
@SuppressWarnings("deprecation")
public final class ProxyAprProtocol extends Http11AprProtocol implements EndpointFigures {

    private final ConnectionEvents events;
    private final long headTimeoutNanos;

    /** @param headTimeout how long a client may take to send a whole request head */
    public ProxyAprProtocol(ConnectionEvents events, Duration headTimeout) {
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

    private static final class CountingEndpoint extends AprEndpoint {

        private final ConnectionEvents events;

        CountingEndpoint(ConnectionEvents events) {
            this.events = events;
        }

        @Override
        protected boolean setSocketOptions(Long socket) {
            // true: Tomcat now owns a socket wrapper, whose close is reported by ClosingHandler.
            boolean accepted = super.setSocketOptions(socket);
            if (accepted) {
                events.opened();
            }
            return accepted;
        }
    }
}
