package io.proxybench.netty.relay;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.netty.http.CompactHeadersFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds each client connection's pipeline — TLS first when the port speaks it (its handler and the
 * one counting its handshake), request decoder, response encoder (both counting bytes), connection
 * handler (with the connection's deadlines) — after enforcing
 * {@code limits.maxConnections}: a connection beyond it is closed at once and counted as rejected.
 */
public final class ClientChannelInitializer extends ChannelInitializer<SocketChannel> {

    private static final int MAX_CHUNK_SIZE = 64 * 1024;
    /**
     * Where the decoder copies each head line: it grows to the longest line a connection sends and
     * stays that size while the connection is open, so it starts small (Netty's default is 128).
     */
    private static final int INITIAL_LINE_BUFFER = 32;

    private final ProxyContext proxy;
    private final AtomicInteger open = new AtomicInteger();
    /** Shared by every connection (see {@link ClientDeadlines#remove}): nothing per connection to hold. */
    private final Runnable connectionClosed = this::connectionClosed;

    private final Map<EventExecutor, ClientDeadlines> deadlines = new ConcurrentHashMap<>();
    /** The decoder copies what it needs, so one configuration serves every connection. */
    private final HttpDecoderConfig decoder;

    public ClientChannelInitializer(ProxyContext proxy) {
        this.proxy = proxy;
        this.decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(proxy.maxInitialLineLength)
                .setMaxHeaderSize(proxy.maxHeaderSize)
                .setMaxChunkSize(MAX_CHUNK_SIZE)
                .setInitialBufferSize(INITIAL_LINE_BUFFER)
                .setHeadersFactory(CompactHeadersFactory.HEADERS)
                .setTrailersFactory(CompactHeadersFactory.TRAILERS);
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (open.incrementAndGet() > proxy.maxConnections) {
            open.decrementAndGet();
            proxy.metrics.clientConnectionsRejected().inc();
            ch.close();
            return;
        }
        proxy.metrics.clientConnectionsOpened().inc();
        proxy.metrics.clientConnectionsActive().inc();
        ClientDeadlines loopDeadlines = deadlines.computeIfAbsent(
                ch.eventLoop(),
                loop -> new ClientDeadlines(
                        loop, proxy.requestReadTimeoutNanos, proxy.clientIdleTimeoutNanos, connectionClosed));
        ClientConnectionHandler client = new ClientConnectionHandler(proxy, loopDeadlines);
        ChannelPipeline pipeline = ch.pipeline();
        if (proxy.tls != null) {
            SslHandler tls = proxy.tls.newHandler(ch);
            pipeline.addLast("tls", tls);
            pipeline.addLast("tls-outcome", proxy.tls.newOutcomeHandler(tls, proxy.metrics));
        }
        pipeline.addLast("request-decoder", new ClientRequestDecoder(decoder, client));
        pipeline.addLast("response-encoder", new ClientResponseEncoder(client));
        pipeline.addLast("proxy", client);
    }

    /** Open client connections right now. */
    public int openConnections() {
        return open.get();
    }

    private void connectionClosed() {
        open.decrementAndGet();
        proxy.metrics.clientConnectionsActive().dec();
    }

    /** Asks every client connection to close once idle: now if idle, else after its current response. */
    public void drainAll() {
        for (ClientDeadlines d : deadlines.values()) {
            d.drainAll();
        }
    }

    /** Closes every client connection now. */
    public void closeAll() {
        for (ClientDeadlines d : deadlines.values()) {
            d.closeAll();
        }
    }
}
