package io.proxybench.netty;

import io.proxybench.core.config.ConfigKey;
import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.FrontEndNamespace;
import io.proxybench.netty.tls.TlsProvider;
import io.proxybench.netty.transport.ClientListeners;
import java.time.Duration;
import java.util.List;

/**
 * The settings only the Netty front end has, named within {@link FrontEndNamespace#NETTY}, and its
 * {@code reference} profiles (see {@link ReferenceWorkers}). The Tomcat front end ignores these keys
 * when a shared file sets them.
 */
public final class NettyConfigKeys {

    private NettyConfigKeys() {}

    public static final ConfigKey<String> SERVER_TRANSPORT = ConfigKey.oneOf(
            "server.transport",
            "auto",
            List.of("auto", "epoll", "io_uring", "nio"),
            "I/O transport: auto = epoll when available, else NIO");

    public static final ConfigKey<String> SERVER_ACCEPTORS = ConfigKey.oneOf(
            "server.acceptors",
            ClientListeners.SHARED,
            List.of(ClientListeners.SHARED, ClientListeners.PER_LOOP),
            "shared: one listening socket, accepted connections handed to the inbound loops in turn; "
                    + "per-loop: one socket per inbound loop (SO_REUSEPORT, native transports), a connection "
                    + "stays on the loop that accepted it");

    public static final ConfigKey<Integer> SERVER_DEFER_ACCEPT = ConfigKey.integer(
            "server.deferAccept",
            0,
            0,
            600,
            "seconds the kernel holds a new client connection until its first bytes arrive before the proxy "
                    + "accepts it (TCP_DEFER_ACCEPT; epoll and io_uring): accept and first read in one wake-up, "
                    + "and a silent client costs the proxy nothing; 0: accept on the handshake");

    public static final ConfigKey<Integer> WORKERS_INBOUND = ConfigKey.integer(
            "workers.inbound",
            Runtime.getRuntime().availableProcessors(),
            1,
            1024,
            "event-loop threads for client connections");
    public static final ConfigKey<Integer> WORKERS_STAGE = ConfigKey.integer(
            "workers.stage",
            0,
            0,
            1024,
            "0: filters run on the connection's event loop; N: on a separate pool of N threads"
                    + " (an empty chain never goes there)");
    public static final ConfigKey<Integer> WORKERS_OUTBOUND = ConfigKey.integer(
            "workers.outbound",
            0,
            0,
            1024,
            "0: origin connections share the client connection's event loop; N: own group of N threads");

    public static final ConfigKey<Duration> EVENTLOOP_BLOCKED_THRESHOLD = ConfigKey.positiveDuration(
            "eventloop.blockedThreshold", "200ms", "an I/O-thread task running longer is reported as blocking");

    public static final ConfigKey<String> ALLOCATOR = ConfigKey.oneOf(
            "netty.allocator",
            "pooled",
            List.of("pooled", "adaptive"),
            "buffer allocator: pooled = PooledByteBufAllocator (direct, thread caches),"
                    + " adaptive = Netty 4.2's default");

    public static final ConfigKey<String> LEAK_DETECTION = ConfigKey.oneOf(
            "netty.leakDetection",
            LeakTrackingLevel.AUTO,
            List.of(LeakTrackingLevel.AUTO, LeakTrackingLevel.NETTY, "disabled", "simple", "advanced", "paranoid"),
            "buffer leak tracking: auto = the level -Dio.netty.leakDetection.level names, disabled without it; "
                    + "netty = Netty's own (simple, or the property's); any other value sets it for the whole JVM");

    public static final ConfigKey<String> TLS_PROVIDER = ConfigKey.oneOf(
            "netty.tls.provider",
            TlsProvider.AUTO,
            TlsProvider.CONFIG_NAMES,
            "TLS engine of the client port (tls.enabled): openssl = netty-tcnative's BoringSSL, jdk = the JDK's;"
                    + " auto = openssl where it loads, else jdk");

    /** The keys above, in help order. */
    public static List<ConfigKey<?>> all() {
        return List.of(
                SERVER_TRANSPORT,
                SERVER_ACCEPTORS,
                SERVER_DEFER_ACCEPT,
                WORKERS_INBOUND,
                WORKERS_STAGE,
                WORKERS_OUTBOUND,
                EVENTLOOP_BLOCKED_THRESHOLD,
                ALLOCATOR,
                LEAK_DETECTION,
                TLS_PROVIDER);
    }

    /**
     * The common keys, these, and the profiles {@code reference} (the write-up's worker ratios scaled
     * to this machine's cores) and {@code reference-literal} (its 4/8/4 as written).
     */
    public static ConfigSchema schema() {
        return schema(Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #schema()}, with {@code reference} scaled to {@code cores}. */
    public static ConfigSchema schema(int cores) {
        return ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY)
                .addAll(all())
                .addProfile(
                        ReferenceWorkers.PROFILE,
                        ReferenceWorkers.scaledTo(cores).settings())
                .addProfile(ReferenceWorkers.LITERAL_PROFILE, ReferenceWorkers.LITERAL.settings());
    }
}
