package io.proxybench.netty;

import com.codahale.metrics.Gauge;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.handler.ssl.OpenSsl;
import io.netty.util.ResourceLeakDetector;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import io.proxybench.core.filter.FilterChains;
import io.proxybench.core.filter.FilterLoader;
import io.proxybench.core.filter.ProxyFilter;
import io.proxybench.core.metrics.MetricNames;
import io.proxybench.core.metrics.MetricsRenderer;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.core.route.Route;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.core.tls.TlsSettings;
import io.proxybench.netty.admin.AdminServer;
import io.proxybench.netty.eventloop.BlockedEventLoopDetector;
import io.proxybench.netty.origin.OriginChannelConnector;
import io.proxybench.netty.pool.OriginConnectionPool;
import io.proxybench.netty.pool.PoolListener;
import io.proxybench.netty.pool.PoolSettings;
import io.proxybench.netty.relay.ClientChannelInitializer;
import io.proxybench.netty.relay.ProxyContext;
import io.proxybench.netty.tls.ClientTlsContext;
import io.proxybench.netty.tls.TlsProvider;
import io.proxybench.netty.transport.ClientListeners;
import io.proxybench.netty.transport.Transport;
import io.proxybench.netty.transport.WorkerLayout;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A running Netty front end: client port, origin pool, admin port, blocked-loop watchdog. */
public final class NettyProxyServer implements ProxyServer {

    private static final Logger log = LoggerFactory.getLogger(NettyProxyServer.class);
    private static final Duration LOOP_SHUTDOWN_TIMEOUT = Duration.ofSeconds(3);
    /** What the {@code reference} profile was scaled to (see {@link NettyConfigKeys#schema()}). */
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private final ProxyContext proxy;
    private final WorkerLayout workers;
    private final OriginConnectionPool<Channel> pool;
    /**
     * The read-size policy of every client connection: stateless (each connection's handle keeps its
     * own guess), so one instance serves all instead of one per connection. 16 reads per wake-up is
     * what Netty gives a socket channel by default.
     */
    private static final AdaptiveRecvByteBufAllocator SHARED_RECV_SIZING = new AdaptiveRecvByteBufAllocator();

    static {
        SHARED_RECV_SIZING.maxMessagesPerRead(16);
    }

    private final ClientChannelInitializer clients;
    private final ClientListeners listeners;
    private final BlockedEventLoopDetector detector;
    private final AdminServer admin;
    private boolean stopped;

    private NettyProxyServer(
            ProxyContext proxy,
            WorkerLayout workers,
            OriginConnectionPool<Channel> pool,
            ClientChannelInitializer clients,
            ClientListeners listeners,
            BlockedEventLoopDetector detector,
            AdminServer admin) {
        this.proxy = proxy;
        this.workers = workers;
        this.pool = pool;
        this.clients = clients;
        this.listeners = listeners;
        this.detector = detector;
        this.admin = admin;
    }

    public static NettyProxyServer start(ProxyConfig config) throws Exception {
        Transport transport = Transport.select(config.get(NettyConfigKeys.SERVER_TRANSPORT));
        List<ProxyFilter> filters = new FilterLoader()
                .load(config.get(ProxyConfigKeys.FILTERS_SERVICE_LOADER), config.get(ProxyConfigKeys.FILTERS));
        ByteBufAllocator allocator = "adaptive".equals(config.get(NettyConfigKeys.ALLOCATOR))
                ? new AdaptiveByteBufAllocator()
                : PooledByteBufAllocator.DEFAULT;
        LeakTrackingLevel.apply(config.get(NettyConfigKeys.LEAK_DETECTION));
        String leakLevel = ResourceLeakDetector.getLevel().name().toLowerCase(Locale.ROOT);
        warmUp(allocator);
        Optional<Boolean> pinnedTracked = PinnedMemoryTracking.inEffect(allocator);
        WorkerLayout workers = WorkerLayout.create(
                transport,
                config.get(NettyConfigKeys.WORKERS_INBOUND),
                config.get(NettyConfigKeys.WORKERS_STAGE),
                config.get(NettyConfigKeys.WORKERS_OUTBOUND));
        OriginConnectionPool<Channel> pool = null;
        ClientListeners listeners = null;
        BlockedEventLoopDetector detector = null;
        ClientTlsContext tls = null;
        try {
            ProxyMetrics metrics = new ProxyMetrics();
            OriginChannelConnector connector = new OriginChannelConnector(
                    transport,
                    allocator,
                    config.get(ProxyConfigKeys.ORIGIN_CONNECT_TIMEOUT),
                    config.get(ProxyConfigKeys.ORIGIN_READ_TIMEOUT));
            for (Route route : config.routes().routes()) {
                for (OriginAddress origin : route.origins().origins()) {
                    connector.resolve(origin);
                }
            }
            PoolSettings settings = new PoolSettings(
                    config.get(ProxyConfigKeys.ORIGIN_MAX_CONNECTIONS_PER_HOST),
                    config.get(ProxyConfigKeys.ORIGIN_POOL_WAIT_TIMEOUT),
                    config.get(ProxyConfigKeys.ORIGIN_MAX_POOL_WAITERS),
                    config.get(ProxyConfigKeys.ORIGIN_IDLE_TIMEOUT));
            pool = new OriginConnectionPool<>(workers.originLoops(), connector, settings, poolEvents(metrics));
            // The lambdas below need an effectively final name for the pool the catch block may close.
            OriginConnectionPool<Channel> startedPool = pool;
            metrics.registry()
                    .register(MetricNames.ORIGIN_CONNECTIONS_ACTIVE, (Gauge<Integer>) startedPool::leasedCount);
            metrics.registry().register(MetricNames.ORIGIN_CONNECTIONS_IDLE, (Gauge<Integer>) startedPool::idleCount);
            WorkerGauges.register(metrics.registry(), config, CORES);

            tls = clientTls(config, allocator);
            ProxyContext proxy = new ProxyContext(config, metrics, FilterChains.of(filters), pool, workers, tls);
            ClientChannelInitializer clients = new ClientChannelInitializer(proxy);
            String bind = config.get(ProxyConfigKeys.SERVER_BIND);
            int port = config.get(ProxyConfigKeys.SERVER_PORT);
            int deferAsked = config.get(NettyConfigKeys.SERVER_DEFER_ACCEPT);
            ChannelOption<Integer> deferOption = transport.deferAcceptOption();
            if (deferAsked > 0 && deferOption == null) {
                log.warn(
                        "server.deferAccept={} ignored: the {} transport has no TCP_DEFER_ACCEPT",
                        deferAsked,
                        transport.configName());
            }
            int deferAccept = deferOption == null ? 0 : deferAsked;
            Supplier<ServerBootstrap> bootstraps = () -> withDeferAccept(
                    new ServerBootstrap()
                            .channel(transport.serverChannel())
                            .option(ChannelOption.SO_BACKLOG, config.get(ProxyConfigKeys.SERVER_BACKLOG))
                            .option(ChannelOption.SO_REUSEADDR, true)
                            // No TCP_NODELAY here: every transport already enables it on each socket it creates
                            // (PlatformDependent.canEnableTcpNoDelayByDefault), and asking again costs one more
                            // setsockopt per accepted connection.
                            // A client that half-closes after its requests still gets its answers (see
                            // ClientConnectionHandler).
                            .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                            .childOption(ChannelOption.ALLOCATOR, allocator)
                            .childOption(ChannelOption.RCVBUF_ALLOCATOR, SHARED_RECV_SIZING)
                            .childHandler(clients),
                    deferOption,
                    deferAccept);
            listeners = ClientListeners.bind(
                    workers,
                    config.get(NettyConfigKeys.SERVER_ACCEPTORS),
                    new InetSocketAddress(bind, port),
                    bootstraps);
            detector = new BlockedEventLoopDetector(
                    workers.ioLoops(),
                    config.get(NettyConfigKeys.EVENTLOOP_BLOCKED_THRESHOLD).toNanos(),
                    metrics.eventLoopBlocked());
            AdminServer admin = AdminServer.start(
                    config.get(ProxyConfigKeys.ADMIN_BIND),
                    config.get(ProxyConfigKeys.ADMIN_PORT),
                    new AdminEndpoints(
                            new MetricsRenderer(metrics.registry()),
                            proxy::isDraining,
                            resolved(workers, deferAccept, listeners.count(), leakLevel, pinnedTracked, tls),
                            startedPool::closeIdle));
            log.info(
                    "proxy-netty: transport and workers {} ({}), {} listening socket(s), allocator {},"
                            + " leak tracking {}, {} filter(s), origin pool max {}/host",
                    workers,
                    WorkerGauges.describe(config, CORES),
                    listeners.count(),
                    config.get(NettyConfigKeys.ALLOCATOR),
                    leakLevel,
                    filters.size(),
                    settings.maxPerHost());
            if (tls != null) {
                log.info("proxy-netty: client port speaks TLS: {}", tls.describe());
            }
            return new NettyProxyServer(proxy, workers, pool, clients, listeners, detector, admin);
        } catch (Exception | Error e) {
            if (detector != null) {
                detector.close();
            }
            if (listeners != null) {
                listeners.close();
            }
            if (pool != null) {
                pool.close();
            }
            workers.shutdown(LOOP_SHUTDOWN_TIMEOUT);
            if (tls != null) {
                tls.close();
            }
            throw e;
        }
    }

    /**
     * What {@code auto} and the machine became: the transport, the threads, and two JVM-wide
     * settings of Netty's, leak tracking's level and (pooled allocator) whether it counts pinned memory.
     */
    private static Map<String, String> resolved(
            WorkerLayout workers,
            int deferAccept,
            int listeningSockets,
            String leakLevel,
            Optional<Boolean> pinnedTracked,
            ClientTlsContext tls) {
        Map<String, String> out = new LinkedHashMap<>(workers.resolved());
        out.put("server.deferAccept", Integer.toString(deferAccept));
        out.put("listeningSockets", Integer.toString(listeningSockets));
        out.put("netty.leakDetection", leakLevel);
        pinnedTracked.ifPresent(on -> out.put("netty.trackPinnedMemory", on.toString()));
        if (tls == null) {
            out.put("tls.enabled", "false");
        } else {
            out.putAll(tls.resolved());
        }
        return out;
    }

    /** The client port's TLS context when {@code tls.enabled}, else null; {@code auto} resolved with one log line. */
    private static ClientTlsContext clientTls(ProxyConfig config, ByteBufAllocator allocator) throws SSLException {
        Optional<TlsSettings> settings = TlsSettings.from(config);
        if (settings.isEmpty()) {
            return null;
        }
        String asked = config.get(NettyConfigKeys.TLS_PROVIDER);
        TlsProvider provider = TlsProvider.select(asked);
        if (asked.equals(TlsProvider.AUTO) && provider == TlsProvider.JDK) {
            log.info(
                    "netty.tls.provider=auto: OpenSSL is not available here ({}), using the JDK's TLS",
                    OpenSsl.unavailabilityCause().toString());
        }
        return ClientTlsContext.create(settings.get(), provider, allocator);
    }

    /** @param seconds 0 where the transport has no such option, so {@code option} is set whenever it is used */
    private static ServerBootstrap withDeferAccept(ServerBootstrap b, ChannelOption<Integer> option, int seconds) {
        return seconds > 0 ? b.option(option, seconds) : b;
    }

    /**
     * The allocator's first chunk registers Netty's JFR events, a one-time class initialisation
     * that takes a noticeable fraction of a second: do it here rather than on an event loop in
     * the middle of the first request.
     */
    private static void warmUp(ByteBufAllocator allocator) {
        allocator.directBuffer(256).release();
        allocator.heapBuffer(256).release();
    }

    private static PoolListener poolEvents(ProxyMetrics metrics) {
        return new PoolListener() {
            @Override
            public void connectionOpened() {
                metrics.originConnectionsOpened().inc();
            }

            @Override
            public void waitStarted() {
                metrics.poolWaits().inc();
            }

            @Override
            public void waitTimedOut() {
                metrics.poolWaitTimeouts().inc();
            }
        };
    }

    @Override
    public int port() {
        return listeners.port();
    }

    /** Listening sockets on the client port: 1, or one per inbound loop with {@code server.acceptors=per-loop}. */
    public int listeningSockets() {
        return listeners.count();
    }

    @Override
    public int adminPort() {
        return admin.port();
    }

    public ProxyMetrics metrics() {
        return proxy.metrics();
    }

    public WorkerLayout workers() {
        return workers;
    }

    public OriginConnectionPool<Channel> pool() {
        return pool;
    }

    @Override
    public synchronized void shutdownGracefully(Duration drainTimeout) {
        if (stopped) {
            return;
        }
        stopped = true;
        proxy.startDraining();
        listeners.close();
        clients.drainAll();
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        while (clients.openConnections() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        int left = clients.openConnections();
        if (left > 0) {
            log.info("drain time over; closing {} client connection(s) still open", left);
        }
        clients.closeAll();
        pool.close();
        detector.close();
        workers.shutdown(LOOP_SHUTDOWN_TIMEOUT);
        if (proxy.tls() != null) {
            proxy.tls().close();
        }
        admin.stop(Duration.ofSeconds(1));
        log.info("proxy-netty stopped");
    }
}
