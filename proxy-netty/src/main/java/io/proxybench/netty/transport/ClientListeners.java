package io.proxybench.netty.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.unix.UnixChannelOption;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The listening sockets of the client port.
 *
 * <p>{@value #SHARED}: one socket on one loop; each accepted connection is handed to the next
 * inbound loop in turn, which for all but one loop in N is a task queued to another thread and a
 * wake-up. {@value #PER_LOOP}: one socket per inbound loop with {@code SO_REUSEPORT}, each loop
 * its own acceptor and child group, so a new connection is registered on the thread that accepted
 * it; the kernel spreads connections over the sockets by their addresses. NIO has no
 * {@code SO_REUSEPORT} option in Netty, so it always gets one shared socket.
 */
public final class ClientListeners implements AutoCloseable {

    public static final String SHARED = "shared";
    public static final String PER_LOOP = "per-loop";

    private final List<Channel> channels;

    private ClientListeners(List<Channel> channels) {
        this.channels = channels;
    }

    /**
     * Binds the client port. {@code bootstraps} gives a fresh bootstrap with channel class,
     * options and child handler set and no group.
     *
     * @throws IllegalStateException naming the address when it cannot be bound
     */
    public static ClientListeners bind(
            WorkerLayout workers, String mode, InetSocketAddress address, Supplier<ServerBootstrap> bootstraps) {
        Transport transport = workers.transport();
        if (!PER_LOOP.equals(mode) || transport == Transport.NIO) {
            return new ClientListeners(List.of(bindOne(bootstraps.get().group(workers.inbound()), address)));
        }
        List<Channel> bound = new ArrayList<>();
        try {
            InetSocketAddress next = address.getPort() == 0 ? address : requireFree(address);
            for (EventExecutor executor : workers.inbound()) {
                EventLoop loop = (EventLoop) executor;
                // Epoll's and io_uring's option classes both inherit this one constant.
                ServerBootstrap b = bootstraps.get().group(loop, loop).option(UnixChannelOption.SO_REUSEPORT, true);
                Channel channel = bindOne(b, next);
                bound.add(channel);
                // Port 0 picks a free port for the first socket; the others join that one.
                next = new InetSocketAddress(
                        address.getAddress(), ((InetSocketAddress) channel.localAddress()).getPort());
            }
            return new ClientListeners(List.copyOf(bound));
        } catch (RuntimeException | Error e) {
            new ClientListeners(bound).close();
            throw e;
        }
    }

    /**
     * {@code SO_REUSEPORT} lets any process of the same user that also asks for it listen on the
     * port beside us and take a share of the connections. A plain socket bound first proves the
     * port is free; it is closed before ours are bound, as a start-up check, not a lock.
     */
    private static InetSocketAddress requireFree(InetSocketAddress address) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(address);
        } catch (IOException e) {
            throw cannotBind(address, e);
        }
        return address;
    }

    private static Channel bindOne(ServerBootstrap b, InetSocketAddress address) {
        try {
            return b.bind(address).sync().channel();
        } catch (Exception e) {
            throw cannotBind(address, e);
        }
    }

    private static IllegalStateException cannotBind(InetSocketAddress address, Exception e) {
        return new IllegalStateException(
                "cannot bind " + address.getHostString() + ":" + address.getPort() + ": " + e.getMessage(), e);
    }

    public int port() {
        return ((InetSocketAddress) channels.get(0).localAddress()).getPort();
    }

    /** How many listening sockets there are: 1, or one per inbound loop. */
    public int count() {
        return channels.size();
    }

    /** Stops accepting; connections already accepted stay open. */
    @Override
    public void close() {
        for (Channel channel : channels) {
            channel.close().awaitUninterruptibly(1000);
        }
    }
}
