package io.proxybench.netty;

import io.proxybench.core.config.ConfigKey;
import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.FrontEndNamespace;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The settings only the Netty front end has, named within {@link FrontEndNamespace#NETTY}, and its
 * {@code reference} profile. The Tomcat front end ignores these keys when a shared file sets them.
 */
public final class NettyConfigKeys {

    private NettyConfigKeys() {
    }

    public static final ConfigKey<String> SERVER_TRANSPORT =
            ConfigKey.oneOf("server.transport", "auto", List.of("auto", "epoll", "io_uring", "nio"),
                    "I/O transport: auto = epoll when available, else NIO");

    public static final ConfigKey<Integer> WORKERS_INBOUND =
            ConfigKey.integer("workers.inbound", Runtime.getRuntime().availableProcessors(), 1, 1024,
                    "event-loop threads for client connections");
    public static final ConfigKey<Integer> WORKERS_STAGE =
            ConfigKey.integer("workers.stage", 0, 0, 1024,
                    "0: filters run on the connection's event loop; N: on a separate pool of N threads");
    public static final ConfigKey<Integer> WORKERS_OUTBOUND =
            ConfigKey.integer("workers.outbound", 0, 0, 1024,
                    "0: origin connections share the client connection's event loop; N: own group of N threads");

    public static final ConfigKey<Duration> EVENTLOOP_BLOCKED_THRESHOLD =
            ConfigKey.positiveDuration("eventloop.blockedThreshold", "200ms",
                    "an I/O-thread task running longer is reported as blocking");

    public static final ConfigKey<String> ALLOCATOR =
            ConfigKey.oneOf("netty.allocator", "pooled", List.of("pooled", "adaptive"),
                    "buffer allocator: pooled = PooledByteBufAllocator (direct, thread caches), adaptive = Netty 4.2's default");

    /** The keys above, in help order. */
    public static List<ConfigKey<?>> all() {
        return List.of(SERVER_TRANSPORT, WORKERS_INBOUND, WORKERS_STAGE, WORKERS_OUTBOUND, EVENTLOOP_BLOCKED_THRESHOLD,
                ALLOCATOR);
    }

    /** The common keys, these, and the {@code reference} profile: the write-up's 4/8/4 worker layout. */
    public static ConfigSchema schema() {
        return ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY).addAll(all())
                .addProfile("reference", Map.of(
                        WORKERS_INBOUND.name(), "4",
                        WORKERS_STAGE.name(), "8",
                        WORKERS_OUTBOUND.name(), "4"));
    }
}
