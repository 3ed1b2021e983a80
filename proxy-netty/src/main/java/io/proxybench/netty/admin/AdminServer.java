package io.proxybench.netty.admin;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.proxybench.netty.transport.TrackedThreadFactory;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.netty.transport.Transport;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The admin port on a loop of its own, so that rendering metrics never delays proxied traffic
 * and /health still answers while the proxy loops are saturated.
 */
public final class AdminServer {

    private final EventLoopGroup group;
    private final TrackedThreadFactory threads;
    private final Channel channel;

    private AdminServer(EventLoopGroup group, TrackedThreadFactory threads, Channel channel) {
        this.group = group;
        this.threads = threads;
        this.channel = channel;
    }

    /** @throws Exception with the address in the message when the port cannot be bound */
    public static AdminServer start(Transport transport, String bind, int port, AdminEndpoints endpoints) throws Exception {
        TrackedThreadFactory threads = new TrackedThreadFactory("proxy-admin");
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, threads, transport.ioHandlerFactory());
        AdminRequestHandler handler = new AdminRequestHandler(endpoints);
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .channel(transport.serverChannel())
                // TCP_NODELAY is Netty's default on every socket it creates (see NettyProxyServer).
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024), handler);
                    }
                });
        try {
            Channel ch = b.bind(new InetSocketAddress(bind, port)).sync().channel();
            return new AdminServer(group, threads, ch);
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
            throw new IllegalStateException("cannot bind admin port " + bind + ":" + port + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    public void stop(Duration timeout) {
        channel.close().awaitUninterruptibly(timeout.toMillis());
        group.shutdownGracefully(0, timeout.toMillis(), TimeUnit.MILLISECONDS).awaitUninterruptibly(timeout.toMillis() + 1000);
        threads.join(1000);
    }
}
