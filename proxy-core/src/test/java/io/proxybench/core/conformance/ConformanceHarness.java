package io.proxybench.core.conformance;

import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.conformance.filters.ConformanceFilters;
import io.proxybench.core.conformance.guard.EventLoopErrorGuard;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.core.conformance.origin.RecordingOrigin;
import io.proxybench.core.conformance.tls.TlsClient;
import io.proxybench.core.conformance.wire.WireOrigin;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the conformance cases run against, without the cases: the shared stub, recording and wire
 * origins, the shared proxy and per-case ones, started the way the shared launcher would from a
 * {@link ConfigLoader} over the front end's schema. {@link ProxyConformanceSuite} adds every group of
 * cases; {@link TlsConformanceSuite} a subset over TLS. Settings, lowest first: the factory's
 * defaults, {@link #profile()}, {@link #suiteSettings} (ephemeral ports, routes, the conformance
 * filters, short timeouts), {@link #frontEndSettings()}, then a case's own overrides.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(LeakReportGuard.class)
@ExtendWith(EventLoopErrorGuard.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class ConformanceHarness implements ConformanceContext {

    /** Timeouts the cases are written around; short so that the suite stays fast. */
    public static final Duration ORIGIN_READ_TIMEOUT = Duration.ofSeconds(1);

    public static final Duration CLIENT_IDLE_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration CLIENT_REQUEST_READ_TIMEOUT = Duration.ofSeconds(1);
    public static final int MAX_HEADER_SIZE = 8192;
    public static final int MAX_INITIAL_LINE_LENGTH = 8192;
    public static final String VIA_NAME = "conformance";

    private static final Logger log = LoggerFactory.getLogger(ConformanceHarness.class);

    private StubOrigin origin;
    private RecordingOrigin recorder;
    private WireOrigin wire;
    private ProxyUnderTest proxy;
    private final Deque<AutoCloseable> perCase = new ArrayDeque<>();

    /** The front end under test. */
    protected abstract ProxyServerFactory frontEnd();

    /** A named profile of the front end's schema to start from, e.g. {@code reference}; {@code null} for none. */
    protected String profile() {
        return null;
    }

    /** The client for a TLS client port (see {@link TlsConformanceSuite}); null: plain HTTP. */
    protected TlsClient tlsClient() {
        return null;
    }

    /** Settings above the suite's, e.g. a worker layout or a front-end key; cases' overrides still win. */
    protected Map<String, String> frontEndSettings() {
        return Map.of();
    }

    @Override
    public int originPoolsPerHost() {
        return 1;
    }

    @BeforeAll
    final void startShared() throws Exception {
        origin = StubOrigin.started(originOptions());
        recorder = RecordingOrigin.start();
        wire = WireOrigin.start();
        int deadPort = RefusedPort.pick();
        proxy = launch(Map.of(
                ROUTES,
                String.join(
                        ";",
                        "/=127.0.0.1:" + origin.port(),
                        RECORDED + "=127.0.0.1:" + recorder.port(),
                        WIRE + "=127.0.0.1:" + wire.port(),
                        DEAD + "=127.0.0.1:" + deadPort)));
    }

    @AfterEach
    final void stopPerCase() {
        while (!perCase.isEmpty()) {
            closeQuietly(perCase.pop());
        }
    }

    @AfterAll
    final void stopShared() {
        closeQuietly(proxy);
        closeQuietly(recorder);
        closeQuietly(wire);
        closeQuietly(origin);
    }

    @Override
    public final StubOrigin origin() {
        return origin;
    }

    @Override
    public final RecordingOrigin recorder() {
        return recorder;
    }

    @Override
    public final WireOrigin wireOrigin() {
        return wire;
    }

    @Override
    public final ProxyUnderTest proxy() {
        return proxy;
    }

    @Override
    public final ProxyUnderTest startProxy(Map<String, String> overrides) throws Exception {
        ProxyUnderTest p = launch(overrides);
        perCase.push(p);
        return p;
    }

    @Override
    public final StubOrigin startOrigin() {
        StubOrigin o = StubOrigin.started(originOptions());
        perCase.push(o);
        return o;
    }

    private static final String ROUTES = "routes";

    /** The suite's layer of settings; {@code routes} is always given by the case or the shared setup. */
    protected Map<String, String> suiteSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("server.port", "0");
        s.put("admin.port", "0");
        s.put("server.bind", "127.0.0.1");
        s.put("admin.bind", "127.0.0.1");
        s.put("filters", ConformanceFilters.classNames());
        s.put("filters.serviceLoader", "false");
        s.put("origin.connectTimeout", "1s");
        s.put("origin.readTimeout", ORIGIN_READ_TIMEOUT.toMillis() + "ms");
        s.put("client.idleTimeout", CLIENT_IDLE_TIMEOUT.toMillis() + "ms");
        s.put("client.requestReadTimeout", CLIENT_REQUEST_READ_TIMEOUT.toMillis() + "ms");
        s.put("limits.maxHeaderSize", Integer.toString(MAX_HEADER_SIZE));
        s.put("limits.maxInitialLineLength", Integer.toString(MAX_INITIAL_LINE_LENGTH));
        s.put("proxy.viaName", VIA_NAME);
        s.put("shutdown.drainTimeout", "0s");
        return s;
    }

    private ProxyUnderTest launch(Map<String, String> overrides) throws Exception {
        if (!overrides.containsKey(ROUTES)) {
            throw new IllegalArgumentException("a case's proxy needs routes; use routeAllTo(origin)");
        }
        ProxyServerFactory factory = frontEnd();
        Map<String, String> effective = new LinkedHashMap<>(suiteSettings());
        effective.putAll(frontEndSettings());
        effective.putAll(overrides);
        ProxyConfig config = new ConfigLoader(factory.schema())
                .profile(profile())
                .layer(suiteSettings(), "conformance suite")
                .layer(frontEndSettings(), "front end's conformance settings")
                .layer(overrides, "conformance case")
                .load();
        return new ProxyUnderTest(factory.start(config), effective, tlsClient());
    }

    private static StubOriginOptions originOptions() {
        return StubOriginOptions.builder()
                .latency("0")
                .threads(2)
                .drainTimeout(Duration.ZERO)
                .build();
    }

    /** A loopback port nothing listens on (bound, then released). */
    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            // Stopping is best effort; a server that cannot stop shows up as a leak or a port in use.
            log.warn("closing {} failed: {}", c, e.toString());
        }
    }
}
