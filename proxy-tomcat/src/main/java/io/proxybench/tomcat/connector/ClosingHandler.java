package io.proxybench.tomcat.connector;

import java.util.Set;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Wraps the protocol's connection handler to hear about each closed connection: Tomcat calls
 * {@code release} exactly once per socket wrapper when the socket closes, whoever closed it.
 */
final class ClosingHandler<S> implements AbstractEndpoint.Handler<S> {

    private final AbstractEndpoint.Handler<S> delegate;
    private final ConnectionEvents events;

    private ClosingHandler(AbstractEndpoint.Handler<S> delegate, ConnectionEvents events) {
        this.delegate = delegate;
        this.events = events;
    }

    static <S> void install(AbstractEndpoint<S, ?> endpoint, ConnectionEvents events) {
        endpoint.setHandler(new ClosingHandler<>(endpoint.getHandler(), events));
    }

    @Override
    public SocketState process(SocketWrapperBase<S> socket, SocketEvent status) {
        return delegate.process(socket, status);
    }

    @Override
    public Object getGlobal() {
        return delegate.getGlobal();
    }

    @Override
    @Deprecated
    public Set<S> getOpenSockets() {
        return delegate.getOpenSockets();
    }

    @Override
    public void release(SocketWrapperBase<S> socketWrapper) {
        try {
            delegate.release(socketWrapper);
        } finally {
            events.closed();
        }
    }

    @Override
    public void pause() {
        delegate.pause();
    }

    @Override
    public void recycle() {
        delegate.recycle();
    }
}
