package io.proxybench.netty.tls;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.internal.tcnative.SSL;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.tls.HandshakeFailure;
import javax.net.ssl.SSLEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts one connection's TLS handshake — full, resumed, or failed with its {@link HandshakeFailure}
 * — then leaves the pipeline, so an established connection pays nothing for it. A failed handshake
 * is one debug line: clients that fail are expected, and counted.
 *
 * <p>Whether a handshake resumed a session: OpenSSL says so ({@code SSL_session_reused}); the JDK's
 * engine does not, so there a session made before this connection opened was resumed. The
 * connection's start is taken in milliseconds, as the session's creation time is: a session made
 * by a handshake that ended in the same millisecond as this connection began counts as full.
 */
public final class HandshakeOutcomeHandler extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(HandshakeOutcomeHandler.class);

    private final SslHandler tls;
    private final TlsProvider provider;
    private final ProxyMetrics metrics;
    private final long startMillis = System.currentTimeMillis();

    HandshakeOutcomeHandler(SslHandler tls, TlsProvider provider, ProxyMetrics metrics) {
        this.tls = tls;
        this.provider = provider;
        this.metrics = metrics;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent done) {
            if (done.isSuccess()) {
                metrics.tlsHandshakeCompleted(resumed(tls.engine()));
            } else {
                HandshakeFailure failure = HandshakeFailure.of(done.cause());
                metrics.tlsHandshakeFailed(failure);
                log.debug(
                        "client {} TLS handshake failed ({}): {}",
                        ctx.channel().remoteAddress(),
                        failure.metricName(),
                        done.cause().toString());
            }
            ctx.pipeline().remove(this);
        } else if (evt instanceof ChannelInputShutdownEvent) {
            // The client half-closed before its handshake was done, so it can never be: close now rather
            // than wait for the handshake timeout (the port allows half-closure for plain HTTP's sake).
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    private boolean resumed(SSLEngine engine) {
        if (provider == TlsProvider.OPENSSL && engine instanceof ReferenceCountedOpenSslEngine openSsl) {
            return SSL.isSessionReused(openSsl.sslPointer());
        }
        return engine.getSession().getCreationTime() < startMillis;
    }
}
