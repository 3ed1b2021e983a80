package io.proxybench.netty.floor;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.proxybench.netty.transport.TrackedThreadFactory;
import io.proxybench.netty.transport.Transport;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Relays bytes between each client connection and an origin connection of its own, opened on the
 * client's loop when the client connects: whatever one side reads the other side is written,
 * flushed once per read burst, and a side that cannot keep up stops the other side's reads. One
 * side closing closes the other. With keep-alive clients that is the proxy's per-request work
 * without the HTTP: two reads and two writes a request. It is no floor for churn, where the proxy
 * pools origin connections and this opens one per client connection.
 *
 * <p>{@code java -cp $CP io.proxybench.netty.floor.ByteRelay PORT ORIGIN_HOST:PORT [LOOPS]} with the
 * proxy's JVM flags and the footprint tools' class path (README); it prints {@code listening port=N}.
 * Loops default to the proxy's default inbound loop count, one per core.
 */
public final class ByteRelay implements AutoCloseable {

    private final EventLoopGroup loops;
    private final Channel listener;

    private ByteRelay(EventLoopGroup loops, Channel listener) {
        this.loops = loops;
        this.listener = listener;
    }

    public static ByteRelay start(int port, InetSocketAddress origin, int loopCount) throws InterruptedException {
        Transport transport = Transport.select("auto");
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(
                loopCount, new TrackedThreadFactory("relay"), transport.ioHandlerFactory());
        // The proxy's client-side settings: pooled direct buffers, adaptive receive sizing, 16 reads a wake-up.
        AdaptiveRecvByteBufAllocator recvSizing = new AdaptiveRecvByteBufAllocator();
        recvSizing.maxMessagesPerRead(16);
        Bootstrap originSide = new Bootstrap()
                .channel(transport.socketChannel())
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.RCVBUF_ALLOCATOR, recvSizing);
        ServerBootstrap clientSide = new ServerBootstrap()
                .group(loops)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.RCVBUF_ALLOCATOR, recvSizing)
                // Nothing is read from a client before its origin connection is there to take it.
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel client) {
                        ChannelFuture connected = originSide
                                .clone(client.eventLoop())
                                .handler(new Relaying(client))
                                .connect(origin);
                        client.pipeline().addLast(new Relaying(connected.channel()));
                        connected.addListener((ChannelFutureListener) f -> {
                            if (f.isSuccess()) {
                                client.config().setAutoRead(true);
                            } else {
                                client.close();
                            }
                        });
                    }
                });
        try {
            Channel listener = clientSide
                    .bind(new InetSocketAddress("127.0.0.1", port))
                    .sync()
                    .channel();
            return new ByteRelay(loops, listener);
        } catch (InterruptedException | RuntimeException e) {
            loops.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    public static void main(String[] args) throws InterruptedException {
        int port;
        InetSocketAddress origin;
        int loopCount;
        try {
            if (args.length < 2 || args.length > 3 || !args[1].contains(":")) {
                throw new IllegalArgumentException("expected 2 or 3 arguments");
            }
            port = Integer.parseInt(args[0]);
            int colon = args[1].lastIndexOf(':');
            origin = new InetSocketAddress(args[1].substring(0, colon), Integer.parseInt(args[1].substring(colon + 1)));
            loopCount = args.length == 3
                    ? Integer.parseInt(args[2])
                    : Runtime.getRuntime().availableProcessors();
        } catch (IllegalArgumentException e) {
            System.err.println("usage: ByteRelay PORT ORIGIN_HOST:PORT [LOOPS] (" + e.getMessage() + ")");
            System.exit(2);
            return;
        }
        ByteRelay relay = start(port, origin, loopCount);
        System.out.println("listening port=" + relay.port());
        relay.listener.closeFuture().sync();
    }

    /** Writes what its channel reads to the peer, flushed at the end of each read burst. */
    private static final class Relaying extends ChannelInboundHandlerAdapter {

        private final Channel peer;
        /** The channel whose reads stopped because this one's channel could not take more. */
        private Channel resumeOnWritable;

        Relaying(Channel peer) {
            this.peer = peer;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            peer.write(msg, peer.voidPromise());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            peer.flush();
            if (!peer.isWritable()) {
                Relaying peerSide = peer.pipeline().get(Relaying.class);
                // A closed peer has no handlers left; its close closes this side too.
                if (peerSide != null) {
                    ctx.channel().config().setAutoRead(false);
                    peerSide.resumeOnWritable = ctx.channel();
                }
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (ctx.channel().isWritable() && resumeOnWritable != null) {
                resumeOnWritable.config().setAutoRead(true);
                resumeOnWritable = null;
            }
            ctx.fireChannelWritabilityChanged();
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
