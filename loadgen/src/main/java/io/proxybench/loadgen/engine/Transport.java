package io.proxybench.loadgen.engine;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.Locale;
import java.util.function.Supplier;

/** The event loops' I/O: epoll where the native library loads, NIO elsewhere. */
public enum Transport {
    EPOLL(EpollIoHandler::newFactory, EpollSocketChannel.class),
    NIO(NioIoHandler::newFactory, NioSocketChannel.class);

    private final Supplier<IoHandlerFactory> handlers;
    private final Class<? extends SocketChannel> channel;

    Transport(Supplier<IoHandlerFactory> handlers, Class<? extends SocketChannel> channel) {
        this.handlers = handlers;
        this.channel = channel;
    }

    /**
     * @param setting {@code auto}, {@code epoll} or {@code nio}
     * @throws IllegalArgumentException naming the setting when it is unknown or epoll cannot load
     */
    public static Transport select(String setting) {
        switch (setting) {
            case "auto":
                return Epoll.isAvailable() ? EPOLL : NIO;
            case "epoll":
                if (!Epoll.isAvailable()) {
                    Throwable cause = Epoll.unavailabilityCause();
                    throw new IllegalArgumentException("epoll is not available here ("
                            + (cause == null ? "unknown reason" : cause.getMessage()) + "); use --transport nio");
                }
                return EPOLL;
            case "nio":
                return NIO;
            default:
                throw new IllegalArgumentException("unknown transport '" + setting + "' (auto, epoll, nio)");
        }
    }

    IoHandlerFactory ioHandlerFactory() {
        return handlers.get();
    }

    Class<? extends SocketChannel> channelClass() {
        return channel;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
