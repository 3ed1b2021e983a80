package io.proxybench.origin.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.proxybench.origin.StubOriginOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The Netty side of the origin: binds, serves, drains. */
public final class OriginServer {

    private static final int ACCEPT_BACKLOG = 4096;

    private final StubOriginOptions options;
    private final EventLoopTransport transport;
    private final OriginCounters counters = new OriginCounters();
    private final EventLoopGroup group;
    private final PayloadBuffers payloads;
    private final ChannelGroup open = new DefaultChannelGroup("stub-origin", GlobalEventExecutor.INSTANCE);
    private Channel listener;

    public OriginServer(StubOriginOptions options) {
        this.options = options;
        this.transport = EventLoopTransport.select(options.transport());
        this.payloads = new PayloadBuffers(options.seed());
        this.group = transport.newGroup(options.threads());
    }

    /** Binds the listening socket; on failure everything started here is released again. */
    public InetSocketAddress bind() {
        ResponseWriter writer = new ResponseWriter(payloads, counters, options.payloadSize());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(transport.serverChannelType())
                .option(ChannelOption.SO_BACKLOG, ACCEPT_BACKLOG)
                .option(ChannelOption.SO_REUSEADDR, true)
                .handler(new ConnectionAdmission(counters, open, options.maxConnections()))
                // TCP_NODELAY is Netty's default on every socket it creates: setting it again is one more setsockopt.
                // A client may shut its sending side after the last request and still wait for the answers.
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(new OriginChannelInitializer(
                        new ByteCounter(counters), new ResponsePlanner(options, counters), writer));
        ChannelFuture bound =
                bootstrap.bind(options.bindAddress(), options.port()).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            release();
            Throwable cause = bound.cause();
            String where = options.bindAddress() + ":" + options.port();
            if (cause instanceof IOException) {
                throw new UncheckedIOException(
                        "cannot listen on " + where + ": " + cause.getMessage(), (IOException) cause);
            }
            throw new IllegalStateException("cannot listen on " + where + ": " + cause, cause);
        }
        listener = bound.channel();
        return (InetSocketAddress) listener.localAddress();
    }

    public String transportName() {
        return transport.name();
    }

    public OriginCounters counters() {
        return counters;
    }

    /**
     * Stops accepting, lets every connection finish the answers it has queued (each closes once its queue is
     * empty), waits up to {@code drainTimeout}, then closes what is left and stops the event loops.
     */
    public void close(Duration drainTimeout) {
        if (listener != null) {
            listener.close().awaitUninterruptibly();
        }
        for (Channel connection : open) {
            connection.pipeline().fireUserEventTriggered(OriginRequestHandler.DRAIN);
        }
        open.newCloseFuture().awaitUninterruptibly(drainTimeout.toMillis());
        open.close().awaitUninterruptibly();
        release();
    }

    private void release() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
        payloads.close();
    }
}
