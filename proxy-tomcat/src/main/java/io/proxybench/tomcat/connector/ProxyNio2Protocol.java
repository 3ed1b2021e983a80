package io.proxybench.tomcat.connector;

import java.nio.channels.AsynchronousSocketChannel;
import java.time.Duration;
import org.apache.coyote.Processor;
import org.apache.coyote.http11.Http11Nio2Protocol;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.Nio2Endpoint;

/** Tomcat's NIO2 HTTP/1.1 protocol with the proxy's {@link ProxyProtocolHooks}. */
public final class ProxyNio2Protocol extends Http11Nio2Protocol implements EndpointFigures {

    private final ProxyProtocolHooks hooks;

    /** @param headTimeout how long a client may take to send a whole request head */
    public ProxyNio2Protocol(ConnectionEvents events, Duration headTimeout) {
        this(new ProxyProtocolHooks(events, headTimeout));
    }

    private ProxyNio2Protocol(ProxyProtocolHooks hooks) {
        super(new CountingEndpoint(hooks));
        this.hooks = hooks;
        hooks.attach(getEndpoint());
    }

    @Override
    protected Processor createProcessor() {
        return hooks.newProcessor(this, getAdapter());
    }

    @Override
    public boolean isPaused() {
        return hooks.versionJudged(super.isPaused());
    }

    @Override
    public boolean getDisableUploadTimeout() {
        return hooks.headParsed(super.getDisableUploadTimeout());
    }

    @Override
    public AbstractEndpoint<?, ?> endpoint() {
        return getEndpoint();
    }

    private static final class CountingEndpoint extends Nio2Endpoint {

        private final ProxyProtocolHooks hooks;

        CountingEndpoint(ProxyProtocolHooks hooks) {
            this.hooks = hooks;
        }

        @Override
        protected boolean setSocketOptions(AsynchronousSocketChannel socket) {
            return hooks.opened(super.setSocketOptions(socket));
        }
    }
}
