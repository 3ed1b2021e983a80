package io.proxybench.tomcat;

import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import io.proxybench.core.filter.FilterChains;
import io.proxybench.core.filter.FilterLoader;
import io.proxybench.core.metrics.MetricsRenderer;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.core.tls.TlsSettings;
import io.proxybench.tomcat.connector.ConnectorKind;
import io.proxybench.tomcat.connector.ConnectorSettings;
import io.proxybench.tomcat.connector.EndpointFigures;
import io.proxybench.tomcat.connector.NativeLibraryDiagnosis;
import io.proxybench.tomcat.connector.RequestThreads;
import io.proxybench.tomcat.metrics.ClientConnectionCounter;
import io.proxybench.tomcat.metrics.TomcatGauges;
import io.proxybench.tomcat.origin.OriginClient;
import io.proxybench.tomcat.proxy.BodyBytesValve;
import io.proxybench.tomcat.proxy.ConnectionAbortValve;
import io.proxybench.tomcat.proxy.EarlyRejectionValve;
import io.proxybench.tomcat.proxy.InFlightRequests;
import io.proxybench.tomcat.proxy.ProxyServlet;
import io.proxybench.tomcat.tls.ConnectorTls;
import io.proxybench.tomcat.tls.TlsImplementation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.AprLifecycleListener;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.jni.AprStatus;
import org.apache.tomcat.jni.Library;
import org.apache.tomcat.util.modeler.Registry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running Tomcat front end: a server with two services, the proxy (the chosen client connector,
 * the body-byte counting, rejection and abort valves, the proxy servlet) and the
 * {@link AdminService}, plus the pooled origin client. Built and started on a thread of its own
 * group ({@link ServerThreads}).
 */
final class TomcatProxyServer implements ProxyServer {

    private static final Logger log = LoggerFactory.getLogger(TomcatProxyServer.class);
    private static final AtomicInteger SERIAL = new AtomicInteger();
    private static final Duration THREAD_END_WAIT = Duration.ofSeconds(10);

    static {
        // The front end publishes its own metrics; Tomcat's MBeans would only add start-up work.
        Registry.disableRegistry();
    }

    private final ProxyConfig config;
    private final ConnectorKind kind;
    private final RequestThreads requestThreads;
    private final ServerThreads threads;
    private final Path baseDir;
    private final ProxyMetrics metrics = new ProxyMetrics();
    private final InFlightRequests inFlight = new InFlightRequests();
    private final OriginClient origins;
    private final Tomcat tomcat = new Tomcat();
    private final Connector proxyConnector;
    private final Connector adminConnector;
    private final List<String> ineffective;
    /** Null when the client port speaks plain HTTP. */
    private final ConnectorTls tls;

    private volatile boolean draining;
    private boolean stopped;

    private TomcatProxyServer(ProxyConfig config, ConnectorKind kind, FilterChains chains, ServerThreads threads)
            throws IOException {
        this.config = config;
        this.kind = kind;
        this.requestThreads = RequestThreads.of(config.get(TomcatConfigKeys.THREADS));
        this.threads = threads;
        this.baseDir = Files.createTempDirectory("proxy-tomcat-");
        this.origins = new OriginClient(config, metrics);
        tomcat.setBaseDir(baseDir.toString());
        Optional<TlsSettings> tlsSettings = TlsSettings.from(config);
        TlsImplementation tlsImplementation = tlsSettings.isEmpty()
                ? null
                : TlsImplementation.resolve(config.get(TomcatConfigKeys.TLS_IMPLEMENTATION), kind);
        if (needsNativeLibrary(kind, tlsImplementation)) {
            AprLifecycleListener apr = new AprLifecycleListener();
            // OpenSSL is initialised through the native library only when it serves TLS.
            apr.setSSLEngine(tlsImplementation == TlsImplementation.OPENSSL ? "on" : "off");
            tomcat.getServer().addLifecycleListener(apr);
        }

        proxyConnector = new Connector(kind.newProtocol(
                new ClientConnectionCounter(metrics), config.get(ProxyConfigKeys.CLIENT_REQUEST_READ_TIMEOUT)));
        ineffective = new ArrayList<>(ConnectorSettings.apply(config, kind, proxyConnector));
        tls = tlsSettings
                .map(settings -> ConnectorTls.configure(settings, tlsImplementation, kind, proxyConnector))
                .orElse(null);
        if (tls != null
                && !config.get(ProxyConfigKeys.TLS_HANDSHAKE_TIMEOUT)
                        .equals(Duration.ofMillis(((AbstractHttp11Protocol<?>) proxyConnector.getProtocolHandler())
                                .getConnectionTimeout()))) {
            ineffective.add("tls.handshakeTimeout=" + config.get(ProxyConfigKeys.TLS_HANDSHAKE_TIMEOUT)
                    + " (Tomcat bounds a handshake by connectionTimeout)");
        }
        tomcat.getService().addConnector(proxyConnector);
        tomcat.getEngine().getPipeline().addValve(new BodyBytesValve(metrics));
        tomcat.getEngine().getPipeline().addValve(new EarlyRejectionValve(metrics));
        tomcat.getEngine().getPipeline().addValve(new ConnectionAbortValve());
        ServletMount.mount(
                tomcat.addContext(tomcat.getHost(), "", null),
                "proxy",
                new ProxyServlet(config, chains, origins, metrics, inFlight));
        adminConnector = AdminService.install(
                tomcat,
                config,
                new AdminEndpoints(
                        new MetricsRenderer(metrics.registry()),
                        () -> draining,
                        (Supplier<Map<String, String>>) this::resolved,
                        idleFor -> CompletableFuture.completedFuture(origins.closeIdle(idleFor))));

        TomcatGauges.register(metrics.registry(), (EndpointFigures) proxyConnector.getProtocolHandler(), origins);
    }

    /** What {@code /resolved} shows, and so what the kit's run.json records: the connector and its threads. */
    /** Validates, builds and starts a server; throws with a one-line reason when it cannot serve. */
    static TomcatProxyServer start(ProxyConfig config) throws Exception {
        ConnectorKind kind = ConnectorKind.of(config.get(TomcatConfigKeys.CONNECTOR));
        String unsupported = RequestThreads.of(config.get(TomcatConfigKeys.THREADS))
                .unsupportedReason(
                        Runtime.version().feature(), Runtime.version().toString());
        if (unsupported != null) {
            throw new IllegalArgumentException(unsupported);
        }
        FilterChains chains = FilterChains.of(new FilterLoader()
                .load(config.get(ProxyConfigKeys.FILTERS_SERVICE_LOADER), config.get(ProxyConfigKeys.FILTERS)));
        ServerThreads threads = new ServerThreads("proxy-tomcat-" + SERIAL.incrementAndGet());
        return threads.call(() -> {
            TomcatProxyServer server = new TomcatProxyServer(config, kind, chains, threads);
            try {
                server.boot();
                return server;
            } catch (Exception | Error e) {
                server.release();
                throw e;
            }
        });
    }

    private void boot() throws LifecycleException {
        if (needsNativeLibrary(kind, tls == null ? null : tls.implementation())) {
            NativeLibraryDiagnosis.requireLoadable();
        }
        // Asked first so that a taken port is one clear line, not Tomcat's stack trace; the check
        // after start stays, for a port taken in between.
        requireBindable("client", config.get(ProxyConfigKeys.SERVER_BIND), config.get(ProxyConfigKeys.SERVER_PORT));
        requireBindable("admin", config.get(ProxyConfigKeys.ADMIN_BIND), config.get(ProxyConfigKeys.ADMIN_PORT));
        try {
            tomcat.init();
        } catch (LifecycleException e) {
            aprCheck();
            throw e;
        }
        aprCheck();
        tomcat.start();
        threadsCheck();
        checkStarted(
                proxyConnector,
                "client",
                config.get(ProxyConfigKeys.SERVER_BIND),
                config.get(ProxyConfigKeys.SERVER_PORT));
        checkStarted(
                adminConnector,
                "admin",
                config.get(ProxyConfigKeys.ADMIN_BIND),
                config.get(ProxyConfigKeys.ADMIN_PORT));
        if (tomcat.getServer().getState() != LifecycleState.STARTED) {
            throw new IllegalStateException(
                    "Tomcat did not start (state " + tomcat.getServer().getState() + "; see the log above)");
        }
        if (tls != null) {
            tls.started();
        }
        logStarted();
    }

    /** APR, or OpenSSL serving TLS on any connector, needs the Tomcat native library. */
    private static boolean needsNativeLibrary(ConnectorKind kind, TlsImplementation tlsImplementation) {
        return kind == ConnectorKind.APR || tlsImplementation == TlsImplementation.OPENSSL;
    }

    /** For {@code /resolved}: the connector, and the TLS settings once the connector has made its context. */
    private Map<String, String> resolved() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(TomcatConfigKeys.CONNECTOR.name(), kind.configName());
        out.put(TomcatConfigKeys.THREADS.name(), requestThreads.configName());
        if (tls == null) {
            out.put("tls.enabled", "false");
        } else {
            out.putAll(tls.resolved());
        }
        return out;
    }

    /** Never falls back to another connector: a benchmark of "APR" must run APR. */
    private void aprCheck() {
        if (needsNativeLibrary(kind, tls == null ? null : tls.implementation()) && !AprStatus.isAprAvailable()) {
            throw new IllegalStateException(NativeLibraryDiagnosis.explain());
        }
    }

    /** As for APR: a benchmark of virtual threads must run on them, so the started executor is checked. */
    private void threadsCheck() {
        RequestThreads served = ((EndpointFigures) proxyConnector.getProtocolHandler()).threads();
        if (served != requestThreads) {
            throw new IllegalStateException("tomcat.threads=" + requestThreads.configName()
                    + " asked, but the client connector runs its requests on " + served.configName() + " threads");
        }
    }

    /** Tomcat logs a failed connector and carries on; a proxy that cannot listen must not. */
    private static void checkStarted(Connector connector, String role, String bind, int port) {
        if (connector.getState() == LifecycleState.STARTED && connector.getLocalPort() > 0) {
            return;
        }
        requireBindable(role, bind, port);
        throw new IllegalStateException("the " + role + " connector on " + bind + ":" + port + " did not start (state "
                + connector.getState() + "; see the log above)");
    }

    private static void requireBindable(String role, String bind, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(bind, port));
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot listen on " + bind + ":" + port + " (" + role + " port): " + e.getMessage());
        }
    }

    private void logStarted() {
        AbstractHttp11Protocol<?> p = (AbstractHttp11Protocol<?>) proxyConnector.getProtocolHandler();
        String library = kind == ConnectorKind.APR
                ? "Tomcat native " + Library.versionString() + " on APR " + Library.aprVersionString()
                : kind.description();
        log.info(
                "client connector {} ({}) of Tomcat {} on {}:{}: maxThreads={}, maxConnections={}, acceptCount={}, "
                        + "connectionTimeout={}ms, keepAliveTimeout={}ms, maxKeepAliveRequests={}, "
                        + "maxHttpHeaderSize={}; admin on {}:{}",
                kind.configName(),
                library,
                ServerInfo.getServerNumber(),
                config.get(ProxyConfigKeys.SERVER_BIND),
                port(),
                requestThreads == RequestThreads.VIRTUAL ? "virtual" : p.getMaxThreads(),
                p.getMaxConnections(),
                p.getAcceptCount(),
                p.getConnectionTimeout(),
                p.getKeepAliveTimeout(),
                p.getMaxKeepAliveRequests(),
                p.getMaxHttpHeaderSize(),
                config.get(ProxyConfigKeys.ADMIN_BIND),
                adminPort());
        if (tls != null) {
            log.info("client connector speaks TLS: {}", tls.describe());
        }
        if (!ineffective.isEmpty()) {
            log.warn(
                    "settings without effect on the {} connector of Tomcat {}: {}",
                    kind.configName(),
                    ServerInfo.getServerNumber(),
                    String.join("; ", ineffective));
        }
    }

    @Override
    public int port() {
        return proxyConnector.getLocalPort();
    }

    @Override
    public int adminPort() {
        return adminConnector.getLocalPort();
    }

    @Override
    public synchronized void shutdownGracefully(Duration drainTimeout) {
        if (stopped) {
            return;
        }
        draining = true;
        try {
            // Refuse new connections at once; requests on open connections get 503 "shutting down".
            // NIO2 is only paused: its pending accept fails in a logged loop when the socket closes under it.
            if (kind != ConnectorKind.NIO2) {
                proxyConnector.getProtocolHandler().closeServerSocketGraceful();
            }
            proxyConnector.pause();
            if (!drainTimeout.isZero() && !inFlight.awaitNone(drainTimeout)) {
                log.warn(
                        "{} request(s) still in flight after the {} drain; closing them",
                        inFlight.current(),
                        drainTimeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            release();
        }
    }

    /** Stops everything this server started, in an order that cannot hang: origin calls first, then Tomcat. */
    private void release() {
        stopped = true;
        origins.close();
        try {
            tomcat.stop();
        } catch (LifecycleException | RuntimeException e) {
            log.warn("stopping Tomcat: {}", e.toString());
        }
        try {
            tomcat.destroy();
        } catch (LifecycleException | RuntimeException e) {
            log.warn("destroying Tomcat: {}", e.toString());
        }
        try {
            List<Thread> left = threads.awaitEnd(THREAD_END_WAIT);
            if (!left.isEmpty()) {
                log.warn(
                        "threads of {} still running {} after stop: {}",
                        threads.name(),
                        THREAD_END_WAIT,
                        left.stream().map(Thread::getName).toList());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteTree(baseDir);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            log.debug("could not delete {}: {}", dir, e.toString());
        }
    }

    @Override
    public String toString() {
        return "proxy-tomcat[" + kind.configName() + " port=" + port() + " admin=" + adminPort() + "]";
    }
}
