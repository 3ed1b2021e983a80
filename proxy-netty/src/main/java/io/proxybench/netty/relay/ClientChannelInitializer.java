package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.EventExecutor;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds each client connection's pipeline — byte counter, HTTP codec, connection handler (with
 * the connection's deadlines) — after enforcing {@code limits.maxConnections}: a connection beyond it is closed at
 * once and counted as rejected.
 */
public final class ClientChannelInitializer extends ChannelInitializer<SocketChannel> {

    /** Pipelined requests the decoder may hold before it gives up on a client. */
    private static final int MAX_PIPELINE_DEPTH = 4096;
    private static final int MAX_CHUNK_SIZE = 64 * 1024;

    private final ProxyContext px;
    private final TrafficCounter traffic;
    private final AtomicInteger open = new AtomicInteger();
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();
    private final Map<EventExecutor, ClientDeadlines> deadlines = new ConcurrentHashMap<>();
    /** The decoder copies what it needs, so one configuration serves every connection. */
    private final HttpDecoderConfig decoder;

    public ClientChannelInitializer(ProxyContext px) {
        this.px = px;
        this.traffic = new TrafficCounter(px.metrics.bytesIn(), px.metrics.bytesOut());
        this.decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(px.maxInitialLineLength)
                .setMaxHeaderSize(px.maxHeaderSize)
                .setMaxChunkSize(MAX_CHUNK_SIZE);
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
        channels.add(ch);
        ch.closeFuture().addListener(f -> {
            open.decrementAndGet();
            px.metrics.clientConnectionsActive().dec();
            channels.remove(ch);
        });
        ClientDeadlines loopDeadlines = deadlines.computeIfAbsent(ch.eventLoop(),
                loop -> new ClientDeadlines(loop, px.requestReadTimeoutNanos, px.clientIdleTimeoutNanos));
        ChannelPipeline p = ch.pipeline();
        p.addLast("traffic", traffic);
        p.addLast("http", new HttpServerCodec(decoder, MAX_PIPELINE_DEPTH));
        p.addLast("proxy", new ClientConnectionHandler(px, loopDeadlines));
    }

    /** Open client connections right now. */
    public int openConnections() {
        return open.get();
    }

    /** Asks every client connection to close once idle: now if idle, else after its current response. */
    public void drainAll() {
        for (Channel ch : channels) {
            ClientConnectionHandler h = ch.pipeline().get(ClientConnectionHandler.class);
            if (h == null) {
                ch.close();
            } else {
                ch.eventLoop().execute(h::drain);
            }
        }
    }

    /** Closes every client connection now. */
    public void closeAll() {
        for (Channel ch : channels) {
            ch.close();
        }
    }
}
