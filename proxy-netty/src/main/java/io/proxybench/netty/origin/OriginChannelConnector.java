package io.proxybench.netty.origin;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.AbstractEventExecutor;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.netty.http.CompactHeadersFactory;
import io.proxybench.netty.pool.OriginConnector;
import io.proxybench.netty.pool.PooledConnection;
import io.proxybench.netty.transport.Transport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Opens origin connections as Netty channels: HTTP client codec, then {@link OriginResponseHandler}. */
public final class OriginChannelConnector implements OriginConnector<Channel> {

    private static final Logger log = LoggerFactory.getLogger(OriginChannelConnector.class);

    /** Origin responses are trusted more than client requests, but not without bound. */
    private static final int MAX_RESPONSE_HEADER_SIZE = 64 * 1024;

    private static final int MAX_CHUNK_SIZE = 64 * 1024;

    private static final AttributeKey<OriginResponseHandler> RESPONSE_HANDLER =
            AttributeKey.valueOf(OriginChannelConnector.class, "responseHandler");

    private final Bootstrap template;
    private final Map<OriginAddress, InetSocketAddress> addresses = new ConcurrentHashMap<>();

    public OriginChannelConnector(
            Transport transport, ByteBufAllocator allocator, Duration connectTimeout, Duration readTimeout) {
        long readTimeoutNanos = readTimeout.toNanos();
        // the decoder copies what it needs, so one configuration serves every connection
        HttpDecoderConfig decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(8192)
                .setMaxHeaderSize(MAX_RESPONSE_HEADER_SIZE)
                .setMaxChunkSize(MAX_CHUNK_SIZE)
                .setHeadersFactory(CompactHeadersFactory.HEADERS)
                .setTrailersFactory(CompactHeadersFactory.TRAILERS);
        this.template = new Bootstrap()
                .channel(transport.socketChannel())
                // TCP_NODELAY is Netty's default on every socket it creates (see NettyProxyServer).
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.ALLOCATOR, allocator)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        OriginResponseHandler handler = new OriginResponseHandler(readTimeoutNanos);
                        ch.attr(RESPONSE_HANDLER).set(handler);
                        ch.pipeline().addLast(OriginHttpCodec.handlers(decoder));
                        ch.pipeline().addLast("response", handler);
                    }
                });
    }

    /** Resolves an origin's name once, up front, so that no DNS lookup ever runs on an event loop. */
    public void resolve(OriginAddress origin) {
        addresses.computeIfAbsent(origin, o -> {
            InetSocketAddress a = new InetSocketAddress(o.host(), o.port());
            if (a.isUnresolved()) {
                log.warn("origin {} does not resolve now; connects to it will fail until it does", o);
            }
            return a;
        });
    }

    @Override
    public Future<Channel> connect(EventExecutor loop, OriginAddress origin) {
        InetSocketAddress address = addresses.get(origin);
        if (address == null || address.isUnresolved()) {
            address = InetSocketAddress.createUnresolved(origin.host(), origin.port());
        }
        Promise<Channel> promise = loop.newPromise();
        ChannelFuture f = template.clone((EventLoop) loop).connect(address);
        f.addListener(done -> {
            if (done.isSuccess()) {
                promise.setSuccess(f.channel());
            } else {
                promise.setFailure(done.cause());
            }
        });
        return promise;
    }

    @Override
    public boolean isUsable(Channel channel) {
        return channel.isActive();
    }

    @Override
    public void close(Channel channel) {
        channel.close();
    }

    @Override
    public void onClose(Channel channel, Runnable action) {
        channel.closeFuture().addListener(f -> action.run());
    }

    /**
     * Gives an origin connection back to its pool, from any thread: on its own loop the response
     * handler forgets the exchange first, so nothing that happens to the connection later reaches it.
     *
     * <p>From another loop, a reusable connection nobody waits for goes back without waking its
     * loop: the task runs when that loop next passes its queue, which is before any later acquire
     * there (acquires queue behind it), at its next I/O, or at the blocked-loop watchdog's nudge of
     * an idle loop (within two of its intervals). Waking the loop for it cost a thread wake-up per
     * request in the split layout.
     */
    public static void giveBack(PooledConnection<Channel> c, boolean reusable) {
        if (c.loop().inEventLoop()) {
            OriginResponseHandler handler = responseHandler(c.connection());
            handler.unbind();
            if (!reusable || !handler.releaseAfterRead(c)) {
                c.release(reusable);
            }
        } else if (reusable && !c.wanted() && c.loop() instanceof AbstractEventExecutor lazily) {
            lazily.lazyExecute(() -> giveBack(c, true));
        } else {
            c.loop().execute(() -> giveBack(c, reusable));
        }
    }

    /** The connection's response handler; also after the connection closed and its pipeline was torn down. */
    public static OriginResponseHandler responseHandler(Channel channel) {
        return channel.attr(RESPONSE_HANDLER).get();
    }
}
