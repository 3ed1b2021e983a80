package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.metrics.MetricNames;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.origin.StubOrigin;
import io.proxybench.tomcat.metrics.TomcatGauges;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The figures only this front end publishes, and the shared connection figures it derives from
 * Tomcat and HttpClient.
 */
class TomcatMetricsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void threadConnectionAndPoolFiguresFollowTheTraffic() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                ProxyServer proxy =
                        TestProxies.start(origin, Map.of("tomcat.connector", "nio", "tomcat.minSpareThreads", "3"))) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                assertThat(c.exchange(OriginRequests.payload(100)).status()).isEqualTo(200);
                JsonNode m = metrics(proxy);
                assertThat(gauge(m, TomcatGauges.THREADS_CURRENT))
                        .as("request threads")
                        .isGreaterThanOrEqualTo(3);
                assertThat(gauge(m, TomcatGauges.THREADS_BUSY))
                        .as("busy request threads")
                        .isBetween(0L, 1L);
                assertThat(gauge(m, TomcatGauges.THREADS_VIRTUAL))
                        .as("platform threads by default")
                        .isZero();
                assertThat(gauge(m, TomcatGauges.CONNECTIONS))
                        .as("Tomcat's connection count")
                        .isGreaterThanOrEqualTo(1);
                assertThat(gauge(m, MetricNames.ORIGIN_CONNECTIONS_IDLE))
                        .as("pooled origin connections")
                        .isEqualTo(1);
                assertThat(gauge(m, MetricNames.ORIGIN_CONNECTIONS_ACTIVE))
                        .as("origin connections in use")
                        .isZero();
                assertThat(counter(m, MetricNames.CLIENT_CONNECTIONS_ACTIVE))
                        .as("open client connections")
                        .isEqualTo(1);
                assertThat(counter(m, MetricNames.CLIENT_CONNECTIONS_OPENED)).isEqualTo(1);
                assertThat(counter(m, MetricNames.ORIGIN_CONNECTIONS_OPENED)).isEqualTo(1);
            }
            Eventually.holds(() -> assertThat(counter(metrics(proxy), MetricNames.CLIENT_CONNECTIONS_ACTIVE))
                    .as("open client connections after the client closed")
                    .isZero());
        }
    }

    private static JsonNode metrics(ProxyServer proxy) throws IOException {
        try (RawHttpConnection c = RawHttpConnection.open(proxy.adminPort())) {
            return JSON.readTree(c.exchange(RawRequest.get("/metrics").header("Connection", "close"))
                    .body());
        }
    }

    private static long gauge(JsonNode m, String name) {
        JsonNode v = m.path("gauges").path(name).path("value");
        assertThat(v.isNumber())
                .as("gauge %s in %s", name, m.path("gauges").fieldNames())
                .isTrue();
        return v.asLong();
    }

    private static long counter(JsonNode m, String name) {
        return m.path("counters").path(name).path("count").asLong(-1);
    }
}
