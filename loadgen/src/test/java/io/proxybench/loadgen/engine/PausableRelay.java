package io.proxybench.loadgen.engine;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A loopback TCP relay in front of the origin whose answers can be held back for a while: the
 * whole origin stalls at a moment the test chooses, which per-request headers cannot do (the
 * generator sends the same request every time).
 */
final class PausableRelay implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final ChannelGroup originSide = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final Channel server;
    private volatile boolean paused;

    PausableRelay(InetSocketAddress origin) {
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel client) {
                        ChannelFuture connect = new Bootstrap()
                                .group(client.eventLoop())
                                .channel(NioSocketChannel.class)
                                .option(ChannelOption.AUTO_READ, !paused)
                                .handler(new Forward(client))
                                .connect(origin);
                        client.pipeline().addLast(new Forward(connect.channel()));
                        connect.addListener(f -> {
                            if (f.isSuccess()) {
                                originSide.add(connect.channel());
                                connect.channel().config().setAutoRead(!paused);
                                client.config().setAutoRead(true);
                            } else {
                                client.close();
                            }
                        });
                    }
                })
                .bind("127.0.0.1", 0)
                .syncUninterruptibly()
                .channel();
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort());
    }

    /**
     * Stops passing the origin's bytes on from now, for {@code length}: the stall is the load the
     * test applies, so its length is set here, like the origin's latency, and the test need not sleep.
     */
    void stall(Duration length) {
        group.next().execute(() -> {
            paused = true;
            originSide.forEach(ch -> ch.config().setAutoRead(false));
            group.next().schedule(this::resume, length.toNanos(), TimeUnit.NANOSECONDS);
        });
    }

    private void resume() {
        paused = false;
        originSide.forEach(ch -> ch.config().setAutoRead(true));
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        originSide.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Writes what one side reads to the other; closes the other when one closes. */
    private static final class Forward extends ChannelInboundHandlerAdapter {
        private final Channel peer;

        Forward(Channel peer) {
            this.peer = peer;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            peer.writeAndFlush(msg, peer.voidPromise());
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            peer.close();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
