package io.proxybench.netty.transport;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;

import java.util.function.Supplier;

/** The I/O mechanism of every event loop and channel of one server: epoll, io_uring or NIO. */
public enum Transport {
    EPOLL("epoll", EpollIoHandler::newFactory, EpollServerSocketChannel.class, EpollSocketChannel.class),
    IO_URING("io_uring", IoUringIoHandler::newFactory, IoUringServerSocketChannel.class, IoUringSocketChannel.class),
    NIO("nio", NioIoHandler::newFactory, NioServerSocketChannel.class, NioSocketChannel.class);

    private final String configName;
    private final Supplier<IoHandlerFactory> handlers;
    private final Class<? extends ServerChannel> serverChannel;
    private final Class<? extends SocketChannel> socketChannel;

    Transport(String configName, Supplier<IoHandlerFactory> handlers, Class<? extends ServerChannel> serverChannel,
              Class<? extends SocketChannel> socketChannel) {
        this.configName = configName;
        this.handlers = handlers;
        this.serverChannel = serverChannel;
        this.socketChannel = socketChannel;
    }

    /**
     * Resolves a {@code server.transport} value: {@code auto} is epoll where the native library
     * loads, NIO elsewhere; an explicit native choice that cannot load fails with the reason.
     *
     * @throws IllegalStateException naming the transport and why it is unavailable
     */
    public static Transport select(String setting) {
        switch (setting) {
            case "auto":
                return Epoll.isAvailable() ? EPOLL : NIO;
            case "epoll":
                if (!Epoll.isAvailable()) {
                    throw unavailable("epoll", Epoll.unavailabilityCause());
                }
                return EPOLL;
            case "io_uring":
                if (!IoUring.isAvailable()) {
                    throw unavailable("io_uring", IoUring.unavailabilityCause());
                }
                return IO_URING;
            case "nio":
                return NIO;
            default:
                throw new IllegalArgumentException("unknown server.transport '" + setting + "' (auto, epoll, io_uring, nio)");
        }
    }

    private static IllegalStateException unavailable(String name, Throwable cause) {
        String reason = cause == null ? "unknown reason" : cause.getMessage() != null ? cause.getMessage() : cause.toString();
        return new IllegalStateException("server.transport=" + name + " is not available on this machine (" + reason
                + "); use server.transport=auto or nio", cause);
    }

    public IoHandlerFactory ioHandlerFactory() {
        return handlers.get();
    }

    public Class<? extends ServerChannel> serverChannel() {
        return serverChannel;
    }

    public Class<? extends SocketChannel> socketChannel() {
        return socketChannel;
    }

    public String configName() {
        return configName;
    }
}
