package io.proxybench.origin.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.proxybench.origin.OriginTransport;
import java.util.function.Supplier;

/** The Netty transport in use: its event-loop I/O handler and its listening channel type. */
final class EventLoopTransport {

    private final String name;
    private final Supplier<IoHandlerFactory> ioHandlers;
    private final Class<? extends ServerChannel> serverChannelType;

    private EventLoopTransport(
            String name, Supplier<IoHandlerFactory> ioHandlers, Class<? extends ServerChannel> serverChannelType) {
        this.name = name;
        this.ioHandlers = ioHandlers;
        this.serverChannelType = serverChannelType;
    }

    static EventLoopTransport select(OriginTransport wanted) {
        if (wanted != OriginTransport.NIO && Epoll.isAvailable()) {
            return new EventLoopTransport("epoll", EpollIoHandler::newFactory, EpollServerSocketChannel.class);
        }
        if (wanted == OriginTransport.EPOLL) {
            throw new IllegalStateException(
                    "epoll transport requested but unavailable: " + Epoll.unavailabilityCause());
        }
        return new EventLoopTransport("nio", NioIoHandler::newFactory, NioServerSocketChannel.class);
    }

    String name() {
        return name;
    }

    Class<? extends ServerChannel> serverChannelType() {
        return serverChannelType;
    }

    EventLoopGroup newGroup(int threads) {
        // Daemon loops: an origin a test forgot to close must not keep its JVM alive.
        return new MultiThreadIoEventLoopGroup(
                threads, new DefaultThreadFactory("stub-origin", true), ioHandlers.get());
    }
}
