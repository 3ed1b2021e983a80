package io.proxybench.netty.transport;

import io.netty.channel.ChannelOption;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.function.Supplier;

/** The I/O mechanism of every event loop and channel of one server: epoll, io_uring or NIO. */
public enum Transport {
    EPOLL(
            "epoll",
            EpollIoHandler::newFactory,
            EpollServerSocketChannel.class,
            EpollSocketChannel.class,
            EpollChannelOption.TCP_DEFER_ACCEPT),
    IO_URING(
            "io_uring",
            IoUringIoHandler::newFactory,
            IoUringServerSocketChannel.class,
            IoUringSocketChannel.class,
            IoUringChannelOption.TCP_DEFER_ACCEPT),
    NIO("nio", NioIoHandler::newFactory, NioServerSocketChannel.class, NioSocketChannel.class, null);

    private final String configName;
    private final Supplier<IoHandlerFactory> handlers;
    private final Class<? extends ServerChannel> serverChannel;
    private final Class<? extends SocketChannel> socketChannel;
    private final ChannelOption<Integer> deferAccept;

    Transport(
            String configName,
            Supplier<IoHandlerFactory> handlers,
            Class<? extends ServerChannel> serverChannel,
            Class<? extends SocketChannel> socketChannel,
            ChannelOption<Integer> deferAccept) {
        this.configName = configName;
        this.handlers = handlers;
        this.serverChannel = serverChannel;
        this.socketChannel = socketChannel;
        this.deferAccept = deferAccept;
    }

    /**
     * Resolves a {@code server.transport} value: {@code auto} is epoll where its native library
     * loads, NIO elsewhere; an explicit native choice that cannot load fails with the reason.
     * io_uring stays a choice, not the default: here it cost the proxy less CPU per request than
     * epoll on long-lived connections, but more when connections churn (a new one per request at 100
     * connections: 1.46 against 1.27 times nginx's), and its idle connection holds more heap (README
     * has the runs).
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
                throw new IllegalArgumentException(
                        "unknown server.transport '" + setting + "' (auto, epoll, io_uring, nio)");
        }
    }

    private static IllegalStateException unavailable(String name, Throwable cause) {
        String reason =
                cause == null ? "unknown reason" : cause.getMessage() != null ? cause.getMessage() : cause.toString();
        return new IllegalStateException(
                "server.transport=" + name + " is not available on this machine (" + reason
                        + "); use server.transport=auto or nio",
                cause);
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

    /** The listening socket's {@code TCP_DEFER_ACCEPT} option; null where Netty has none (NIO). */
    public ChannelOption<Integer> deferAcceptOption() {
        return deferAccept;
    }

    public String configName() {
        return configName;
    }
}
