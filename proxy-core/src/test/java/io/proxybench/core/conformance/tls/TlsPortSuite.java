package io.proxybench.core.conformance.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.Eventually;
import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.PemFiles;
import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.core.config.ConfigException;
import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.conformance.MetricsView;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawHttpConnection.CloseWatch;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.guard.EventLoopErrorGuard;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.core.conformance.origin.RecordingOrigin;
import io.proxybench.core.metrics.MetricNames;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.core.tls.HandshakeFailure;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client port over TLS, as every front end must serve it: requests over TLS 1.3 and 1.2 with
 * strong ciphers and ALPN {@code http/1.1}, sessions resumed when {@code tls.resumption} is on and
 * never when off, and bad input on the port — plain HTTP, a hello cut short, a handshake never
 * finished, TLS 1.0 or 1.1 only, weak ciphers only — closed and counted by reason, while a good
 * client is served right after. A front end's test subclasses this and names its factory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(LeakReportGuard.class)
@ExtendWith(EventLoopErrorGuard.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class TlsPortSuite {

    private static final String TLS13 = "TLSv1.3";
    private static final String TLS12 = "TLSv1.2";
    private static final Duration CLOSE_WITHIN = Duration.ofSeconds(15);

    private Path dir;
    private PemFiles pem;
    private TlsClient client;
    private StubOrigin origin;
    private RecordingOrigin recorder;
    private ProxyUnderTest proxy;
    private final Deque<AutoCloseable> perCase = new ArrayDeque<>();

    protected abstract ProxyServerFactory frontEnd();

    /** Settings above the suite's, e.g. a connector or a TLS provider. */
    protected Map<String, String> frontEndSettings() {
        return Map.of();
    }

    protected KeyType keyType() {
        return KeyType.ECDSA_P256;
    }

    /**
     * Whether the front end counts each handshake's outcome in its metrics; where it cannot (Tomcat's
     * connectors handshake out of the proxy's sight) the cases check what the client sees only.
     */
    protected boolean countsHandshakes() {
        return true;
    }

    @BeforeAll
    final void startShared() throws Exception {
        dir = Files.createTempDirectory("proxybench-tls-suite-");
        pem = ThrowAwayPki.write(dir, keyType(), List.of("127.0.0.1", "::1", "localhost"));
        client = new TlsClient(ThrowAwayPki.readCertificate(pem.caCertificate()));
        origin = StubOrigin.started(StubOriginOptions.builder()
                .latency("0")
                .threads(2)
                .drainTimeout(Duration.ZERO)
                .build());
        recorder = RecordingOrigin.start();
        proxy = launch(Map.of());
    }

    @AfterEach
    final void stopPerCase() {
        while (!perCase.isEmpty()) {
            closeQuietly(perCase.pop());
        }
    }

    @AfterAll
    final void stopShared() throws IOException {
        closeQuietly(proxy);
        closeQuietly(recorder);
        closeQuietly(origin);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {TLS13, TLS12})
    void servesARequestOverTlsWithAStrongCipherAndAlpn(String protocol) throws Exception {
        TlsClient.Exchange done = client.exchange(proxy.port(), protocol, OriginRequests.payload(2048));

        assertThat(done.response().status()).as("%s", done.response()).isEqualTo(200);
        assertThat(done.response().body()).hasSize(2048);
        assertThat(done.protocol()).isEqualTo(protocol);
        assertThat(done.alpn()).isEqualTo("http/1.1");
        assertThat(done.cipherSuite())
                .as("an AEAD suite, with ECDHE on TLS 1.2")
                .matches(
                        protocol.equals(TLS13)
                                ? "TLS_(AES_.*_GCM|CHACHA20_POLY1305)_SHA.*"
                                : "TLS_ECDHE_.*_(GCM|POLY1305)_SHA.*");
    }

    @Test
    void tellsTheOriginTheClientCameOverHttps() throws Exception {
        ProxyUnderTest recorded = start(Map.of("routes", "/=127.0.0.1:" + recorder.port()));
        client.exchange(recorded.port(), TLS13, RawRequest.get("/_xfp").header("Connection", "close"));

        assertThat(recorder.lastWith("/_xfp").header("X-Forwarded-Proto")).isEqualTo("https");
    }

    @ParameterizedTest
    @ValueSource(strings = {TLS13, TLS12})
    void resumesTheSessionOfAnEarlierConnectionWhenResumptionIsOn(String protocol) throws Exception {
        ProxyUnderTest on = start(Map.of("tls.resumption", "true"));
        TlsClient fresh = new TlsClient(ThrowAwayPki.readCertificate(pem.caCertificate()));

        TlsClient.Exchange first = fresh.exchange(on.port(), protocol, OriginRequests.payload(64));
        TlsClient.Exchange second = fresh.exchange(on.port(), protocol, OriginRequests.payload(64));

        assertThat(first.response().status()).isEqualTo(200);
        assertThat(second.response().status()).isEqualTo(200);
        assertThat(first.resumed()).as("first handshake resumed").isFalse();
        assertThat(second.resumed()).as("second handshake resumed").isTrue();
        if (!countsHandshakes()) {
            return;
        }
        Eventually.holds(() -> {
            assertThat(counter(on, MetricNames.TLS_HANDSHAKES_FULL)).isEqualTo(1);
            assertThat(counter(on, MetricNames.TLS_HANDSHAKES_RESUMED)).isEqualTo(1);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {TLS13, TLS12})
    void neverResumesWhenResumptionIsOff(String protocol) throws Exception {
        ProxyUnderTest off = start(Map.of("tls.resumption", "false"));
        TlsClient fresh = new TlsClient(ThrowAwayPki.readCertificate(pem.caCertificate()));

        for (int i = 0; i < 3; i++) {
            TlsClient.Exchange done = fresh.exchange(off.port(), protocol, OriginRequests.payload(64));
            assertThat(done.response().status()).isEqualTo(200);
            assertThat(done.resumed()).as("handshake %d resumed", i).isFalse();
        }
        if (!countsHandshakes()) {
            return;
        }

        Eventually.holds(
                () -> assertThat(counter(off, MetricNames.TLS_HANDSHAKES_FULL)).isEqualTo(3));
        assertThat(counter(off, MetricNames.TLS_HANDSHAKES_RESUMED)).isZero();
    }

    @Test
    void plainHttpOnTheTlsPortIsClosedAndCounted() throws Exception {
        assertRefused(
                "GET / HTTP/1.1\r\nHost: conformance.test\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                false,
                HandshakeFailure.NOT_TLS);
    }

    @Test
    void aHelloCutShortIsClosedAndCounted() throws Exception {
        assertRefused(ClientHellos.cutShort(40), true, HandshakeFailure.CLOSED_EARLY);
    }

    @ParameterizedTest
    @ValueSource(ints = {ClientHellos.TLS10, ClientHellos.TLS11})
    void aClientOfferingOnlyAnOldProtocolIsRefusedAndCounted(int version) throws Exception {
        assertRefused(ClientHellos.oldProtocolOnly(version), false, HandshakeFailure.PROTOCOL_VERSION);
    }

    @Test
    void aClientOfferingOnlyWeakCiphersIsRefusedAndCounted() throws Exception {
        assertRefused(ClientHellos.weakCiphersOnly(), false, HandshakeFailure.NO_SHARED_CIPHER);
    }

    @Test
    void aHandshakeNeverFinishedIsClosedAtTheHandshakeTimeout() throws Exception {
        // Tomcat bounds the handshake by its request-head deadline, so both are short here.
        ProxyUnderTest strict = start(Map.of("tls.handshakeTimeout", "300ms", "client.requestReadTimeout", "300ms"));
        try (RawHttpConnection silent = RawHttpConnection.open(strict.port());
                RawHttpConnection halfway = RawHttpConnection.open(strict.port())) {
            halfway.send(ClientHellos.cutShort(60)); // and then nothing: a slowloris of the handshake

            assertThat(silent.awaitClose(CLOSE_WITHIN).closed())
                    .as("silent client closed")
                    .isTrue();
            assertThat(halfway.awaitClose(CLOSE_WITHIN).closed())
                    .as("half a hello, closed")
                    .isTrue();
        }
        if (countsHandshakes()) {
            Eventually.holds(() -> assertThat(counter(strict, HandshakeFailure.TIMEOUT.metricName()))
                    .isEqualTo(2));
        }
        assertGoodClientServed(strict);
    }

    @Test
    void resolvedShowsTheNegotiableSettings() throws Exception {
        String resolved = proxy.admin("/resolved").bodyText();

        assertThat(resolved)
                .contains("\"tls.enabled\":\"true\"")
                .contains("\"tls.resumption\":\"true\"")
                .contains("\"tls.keyType\":\"" + keyType().configName() + "\"")
                .containsPattern("\"tls.protocols\":\"[^\"]*TLSv1.3[^\"]*\"")
                .doesNotContain("TLSv1.1")
                .doesNotContain("SSLv")
                .doesNotContain("CBC");
    }

    @Test
    void protocolsOlderThanTls12AreRefusedAtStart() {
        ProxyServerFactory factory = frontEnd();
        assertThatThrownBy(() -> new ConfigLoader(factory.schema())
                        .layer(Map.of("tls.protocols", "TLSv1.2,TLSv1.1"), "test")
                        .load())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("tls.protocols");
    }

    /** Sends {@code bytes} on a new connection; the proxy must close it and count {@code reason}. */
    private void assertRefused(byte[] bytes, boolean thenClose, HandshakeFailure reason) throws Exception {
        ProxyUnderTest fresh = start(Map.of());
        try (RawHttpConnection bad = RawHttpConnection.open(fresh.port())) {
            bad.send(bytes);
            if (thenClose) {
                bad.shutdownOutput();
            }
            CloseWatch watch = bad.awaitClose(CLOSE_WITHIN);
            assertThat(watch.closed())
                    .as("closed by the proxy; received %s", watch.receivedText())
                    .isTrue();
            if (watch.received().length > 0 && !(reason == HandshakeFailure.NOT_TLS && answersPlainHttp(watch))) {
                assertThat(watch.received()[0])
                        .as("only a TLS alert comes back: %s", watch.receivedText())
                        .isEqualTo((byte) 0x15);
            }
        }
        if (countsHandshakes()) {
            Eventually.holds(() -> assertThat(counter(fresh, reason.metricName()))
                    .as("%s; all TLS counters: %s", reason.metricName(), tlsCounters(fresh))
                    .isEqualTo(1));
            assertThat(counter(fresh, MetricNames.TLS_HANDSHAKES_FULL)).isZero();
        }
        assertGoodClientServed(fresh);
    }

    /** Tomcat's JSSE connectors tell a plain-HTTP client in plain HTTP that the port needs TLS: fair. */
    private static boolean answersPlainHttp(CloseWatch watch) {
        return watch.receivedText().startsWith("HTTP/1.1 400 ");
    }

    private void assertGoodClientServed(ProxyUnderTest p) throws Exception {
        TlsClient.Exchange done = client.exchange(p.port(), TLS13, OriginRequests.payload(512));
        assertThat(done.response().status()).isEqualTo(200);
        assertThat(done.response().body()).hasSize(512);
    }

    private static Map<String, Long> tlsCounters(ProxyUnderTest p) throws IOException {
        MetricsView metrics = p.metrics();
        Map<String, Long> out = new LinkedHashMap<>();
        for (String name : metrics.names("counters")) {
            if (name.startsWith("proxy.tls.")) {
                out.put(name, metrics.counter(name));
            }
        }
        return out;
    }

    private static long counter(ProxyUnderTest p, String name) throws IOException {
        return p.metrics().counter(name);
    }

    private ProxyUnderTest start(Map<String, String> overrides) throws Exception {
        ProxyUnderTest p = launch(overrides);
        perCase.push(p);
        return p;
    }

    private ProxyUnderTest launch(Map<String, String> overrides) throws Exception {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", "0");
        settings.put("admin.port", "0");
        settings.put("server.bind", "127.0.0.1");
        settings.put("admin.bind", "127.0.0.1");
        settings.put("filters.serviceLoader", "false");
        settings.put("shutdown.drainTimeout", "0s");
        settings.put("routes", "/=127.0.0.1:" + origin.port());
        settings.put("tls.enabled", "true");
        settings.put("tls.cert", pem.certificateChain().toString());
        settings.put("tls.key", pem.privateKey().toString());
        settings.putAll(frontEndSettings());
        settings.putAll(overrides);
        ProxyServerFactory factory = frontEnd();
        return new ProxyUnderTest(
                factory.start(new ConfigLoader(factory.schema())
                        .layer(settings, "tls suite")
                        .load()),
                settings);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                // best effort: a server that cannot stop shows up as a leak or a port in use
            }
        }
    }
}
