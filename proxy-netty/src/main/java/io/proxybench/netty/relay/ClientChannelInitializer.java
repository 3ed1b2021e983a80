package io.proxybench.netty.relay;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.netty.http.CompactHeadersFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds each client connection's pipeline — request decoder, response encoder (both counting
 * bytes), connection handler (with the connection's deadlines) — after enforcing
 * {@code limits.maxConnections}: a connection beyond it is closed at once and counted as rejected.
 */
public final class ClientChannelInitializer extends ChannelInitializer<SocketChannel> {

    private static final int MAX_CHUNK_SIZE = 64 * 1024;
    /**
     * Where the decoder copies each head line: it grows to the longest line a connection sends and
     * stays that size while the connection is open, so it starts small (Netty's default is 128).
     */
    private static final int INITIAL_LINE_BUFFER = 32;

    private final ProxyContext px;
    private final AtomicInteger open = new AtomicInteger();
    /** Shared by every connection (see {@link ClientDeadlines#remove}): nothing per connection to hold. */
    private final Runnable connectionClosed = this::connectionClosed;

    private final Map<EventExecutor, ClientDeadlines> deadlines = new ConcurrentHashMap<>();
    /** The decoder copies what it needs, so one configuration serves every connection. */
    private final HttpDecoderConfig decoder;

    public ClientChannelInitializer(ProxyContext px) {
        this.px = px;
        this.decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(px.maxInitialLineLength)
                .setMaxHeaderSize(px.maxHeaderSize)
                .setMaxChunkSize(MAX_CHUNK_SIZE)
                .setInitialBufferSize(INITIAL_LINE_BUFFER)
                .setHeadersFactory(CompactHeadersFactory.HEADERS)
                .setTrailersFactory(CompactHeadersFactory.TRAILERS);
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (open.incrementAndGet() > px.maxConnections) {
            open.decrementAndGet();
            px.metrics.clientConnectionsRejected().inc();
            ch.close();
            return;
        }
        px.metrics.clientConnectionsOpened().inc();
        px.metrics.clientConnectionsActive().inc();
        ClientDeadlines loopDeadlines = deadlines.computeIfAbsent(
                ch.eventLoop(),
                loop -> new ClientDeadlines(
                        loop, px.requestReadTimeoutNanos, px.clientIdleTimeoutNanos, connectionClosed));
        ClientConnectionHandler conn = new ClientConnectionHandler(px, loopDeadlines);
        ChannelPipeline p = ch.pipeline();
        p.addLast("request-decoder", new ClientRequestDecoder(decoder, conn));
        p.addLast("response-encoder", new ClientResponseEncoder(conn));
        p.addLast("proxy", conn);
    }

    /** Open client connections right now. */
    public int openConnections() {
        return open.get();
    }

    private void connectionClosed() {
        open.decrementAndGet();
        px.metrics.clientConnectionsActive().dec();
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
