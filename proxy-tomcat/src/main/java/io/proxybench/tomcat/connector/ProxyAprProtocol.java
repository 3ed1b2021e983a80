package io.proxybench.tomcat.connector;

import java.time.Duration;
import org.apache.coyote.Processor;
import org.apache.coyote.http11.Http11AprProtocol;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.AprEndpoint;

/** Tomcat's APR (native) HTTP/1.1 protocol with the proxy's {@link ProxyProtocolHooks}. */
// Tomcat deprecates its APR connector (10.1 drops it); measuring it is the point of this front end.
@SuppressWarnings("deprecation")
public final class ProxyAprProtocol extends Http11AprProtocol implements EndpointFigures {

    private final ProxyProtocolHooks hooks;

    /** @param headTimeout how long a client may take to send a whole request head */
    public ProxyAprProtocol(ConnectionEvents events, Duration headTimeout) {
        this(new ProxyProtocolHooks(events, headTimeout));
    }

    private ProxyAprProtocol(ProxyProtocolHooks hooks) {
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

    private static final class CountingEndpoint extends AprEndpoint {

        private final ProxyProtocolHooks hooks;

        CountingEndpoint(ProxyProtocolHooks hooks) {
            this.hooks = hooks;
        }

        @Override
        protected boolean setSocketOptions(Long socket) {
            return hooks.opened(super.setSocketOptions(socket));
        }
    }
}
