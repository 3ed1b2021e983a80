package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.Eventually;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.MetricsView;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.RefusedPort;
import io.proxybench.core.conformance.client.BodyBytes;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.origin.RecordingOrigin;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.metrics.MetricNames;
import io.proxybench.origin.StubOrigin;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The admin port: health, the shared metric names as JSON and as Prometheus text, the JVM figures
 * alone, what the shared counters count, and closing idle origin connections on request.
 */
public interface AdminCases extends ConformanceContext {

    @Test
    @DisplayName("admin /health -> 200 ok")
    default void healthAnswersOk() throws Exception {
        RawResponse r = proxy().admin("/health");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.bodyText().trim()).isEqualTo("ok");
    }

    @Test
    @DisplayName("admin /metrics -> JSON with proxy.requests, every error counter and the jvm.gc gauges")
    default void metricsJsonHasSharedNames() throws Exception {
        proxy().exchange(OriginRequests.payload(10));
        RawResponse r = proxy().admin("/metrics");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("application/json");
        Eventually.holds(() ->
                assertThat(proxy().metrics().timerCount(MetricNames.REQUESTS)).isPositive());
        MetricsView m = proxy().metrics();
        for (ProxyError e : ProxyError.values()) {
            assertThat(m.has("counters", e.metricName()))
                    .as("counter %s", e.metricName())
                    .isTrue();
        }
        assertThat(m.names("gauges"))
                .as("gauges")
                .anyMatch(n -> n.startsWith(MetricNames.JVM_GC + "."))
                .contains("jvm.memory.heap.used");
    }

    @Test
    @DisplayName("admin /metrics/jvm -> JSON with the jvm.gc gauges, heap used and JIT time only")
    default void jvmMetricsHoldOnlyTheSampledFigures() throws Exception {
        RawResponse r = proxy().admin("/metrics/jvm");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("application/json");
        JsonNode gauges = new ObjectMapper().readTree(r.bodyText()).path("gauges");
        assertThat(gauges.fieldNames())
                .toIterable()
                .as("gauges")
                .anyMatch(n -> n.startsWith(MetricNames.JVM_GC + ".") && n.endsWith(".time"))
                .contains(MetricNames.JVM_HEAP_USED)
                .noneMatch(n -> n.startsWith(MetricNames.JVM_THREADS) || n.startsWith(MetricNames.FRONT_END_PREFIX));
    }

    @Test
    @DisplayName("admin /metrics/prometheus -> text exposition with proxy_requests and jvm_gc")
    default void prometheusTextHasSharedNames() throws Exception {
        proxy().exchange(OriginRequests.payload(10));
        RawResponse r = proxy().admin("/metrics/prometheus");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("text/plain");
        assertThat(r.bodyText()).contains("proxy_requests").contains("jvm_gc_");
    }

    @Test
    @DisplayName("admin POST /origin-pool/close-idle -> 202: connections idle that long close at the origin, "
            + "younger ones and the client's connection stay, the next request opens a new one")
    default void idleOriginConnectionsCloseOnRequest() throws Exception {
        StubOrigin o = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o)));
        try (RawHttpConnection c = p.connect()) {
            assertPayload(c.exchange(OriginRequests.payload(64)), 64);
            Eventually.holds(() -> assertThat(o.stats().activeConnections())
                    .as("pooled at the origin")
                    .isEqualTo(1));

            assertThat(closeIdle(p, "?idleMs=600000").status()).isEqualTo(202);
            assertPayload(c.exchange(OriginRequests.payload(64)), 64);
            assertThat(o.stats().totalConnections())
                    .as("a connection idle less than 10 min is kept and reused")
                    .isEqualTo(1);

            assertThat(closeIdle(p, "?idleMs=0").status()).isEqualTo(202);
            Eventually.holds(() -> assertThat(o.stats().activeConnections())
                    .as("open at the origin")
                    .isZero());
            assertPayload(c.exchange(OriginRequests.payload(64)), 64);
        }
        assertThat(o.stats().totalConnections())
                .as("one more origin connection after the closing")
                .isEqualTo(2);
    }

    @Test
    @DisplayName("admin /origin-pool/close-idle refuses GET (405) and a missing or non-numeric idleMs (400),"
            + " closing nothing")
    default void closeIdleRefusesWhatItCannotDo() throws Exception {
        StubOrigin o = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o)));
        try (RawHttpConnection c = p.connect()) {
            assertPayload(c.exchange(OriginRequests.payload(64)), 64);

            assertThat(p.admin(AdminEndpoints.CLOSE_IDLE_ORIGINS + "?idleMs=0").status())
                    .isEqualTo(405);
            for (String query : List.of("", "?idleMs=", "?idleMs=-1", "?idleMs=1s", "?other=0")) {
                RawResponse r = closeIdle(p, query);
                assertThat(r.status()).as("POST with '%s'", query).isEqualTo(400);
                assertThat(r.bodyText()).contains("idleMs");
            }
            assertPayload(c.exchange(OriginRequests.payload(64)), 64);
        }
        assertThat(o.stats().totalConnections())
                .as("the pooled connection survived every refusal")
                .isEqualTo(1);
    }

    private static RawResponse closeIdle(ProxyUnderTest p, String query) throws Exception {
        try (RawHttpConnection admin = RawHttpConnection.open(p.adminPort())) {
            return admin.exchange(RawRequest.of("POST", AdminEndpoints.CLOSE_IDLE_ORIGINS + query)
                    .header("Content-Length", "0")
                    .header("Connection", "close"));
        }
    }

    @Test
    @DisplayName("metrics count each request, response class and client connection")
    default void metricsCountRequestsAndConnections() throws Exception {
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(origin())));
        try (RawHttpConnection c = p.connect()) {
            for (int i = 0; i < 3; i++) {
                assertPayload(c.exchange(OriginRequests.payload(64)), 64);
            }
        }
        Eventually.holds(() -> {
            MetricsView m = p.metrics();
            assertThat(m.timerCount(MetricNames.REQUESTS))
                    .as(MetricNames.REQUESTS)
                    .isEqualTo(3);
            assertThat(m.meterCount(MetricNames.RESPONSES_PREFIX + "2xx"))
                    .as("2xx responses")
                    .isEqualTo(3);
            assertThat(m.counter(MetricNames.CLIENT_CONNECTIONS_OPENED))
                    .as(MetricNames.CLIENT_CONNECTIONS_OPENED)
                    .isEqualTo(1);
        });
    }

    @Test
    @DisplayName("proxy.bytes.in / .out count the body bytes clients sent and received:"
            + " no heads, no chunk framing, none for HEAD")
    default void byteCountersCountBodies() throws Exception {
        ProxyUnderTest p = startProxy(Map.of(
                "routes",
                String.join(
                        ";",
                        routeAllTo(origin()),
                        RECORDED + "=127.0.0.1:" + recorder().port(),
                        DEAD + "=127.0.0.1:" + RefusedPort.pick())));
        byte[] sized = BodyBytes.random(3000, 21);
        byte[] chunked = BodyBytes.random(5000, 22);
        List<RawRequest> requests = List.of(
                RawRequest.post(RECORDED + "/upload/sized", sized),
                RawRequest.post(RECORDED + "/upload/chunked", chunked).chunked(1000),
                OriginRequests.payload(1500),
                RawRequest.head("/").header(OriginRequests.PAYLOAD_SIZE, "1500"),
                RawRequest.get(RECORDED + RecordingOrigin.CHUNKED_DOWNLOAD_SUFFIX + "?size=7000"),
                RawRequest.get(DEAD + "/down"),
                RawRequest.head(DEAD + "/down"));
        long bodiesReceived = 0;
        try (RawHttpConnection c = p.connect()) {
            for (RawRequest request : requests) {
                RawResponse r = c.exchange(request);
                assertThat(r.complete())
                        .as("%s answered completely: %s", request, r)
                        .isTrue();
                bodiesReceived += r.body().length;
            }
        }
        assertThat(bodiesReceived)
                .as("1500 + 7000 + the uploads' answers + one error text")
                .isGreaterThan(8500);
        long bodiesSent = sized.length + chunked.length;
        long expectedOut = bodiesReceived;
        Eventually.holds(() -> {
            MetricsView m = p.metrics();
            assertThat(m.counter(MetricNames.BYTES_IN)).as(MetricNames.BYTES_IN).isEqualTo(bodiesSent);
            assertThat(m.counter(MetricNames.BYTES_OUT))
                    .as(MetricNames.BYTES_OUT)
                    .isEqualTo(expectedOut);
        });
    }
}
