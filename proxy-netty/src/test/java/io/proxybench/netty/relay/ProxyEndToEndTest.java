package io.proxybench.netty.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.core.http.ProxyError;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/** The basic proxying promises against the stub origin: GET, POST bodies, keep-alive on both sides, 502. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(LeakReportGuard.class)
class ProxyEndToEndTest {

    private StubOrigin origin;
    private NettyProxyServer proxy;
    private int deadPort;

    @BeforeAll
    void start() throws Exception {
        origin = TestProxies.origin();
        deadPort = TestProxies.deadPort();
        proxy = TestProxies.start(
                Map.of("routes", TestProxies.routeTo(origin.port()) + ";/dead=127.0.0.1:" + deadPort));
    }

    @AfterAll
    void stop() {
        proxy.close();
        origin.close();
    }

    @Test
    void getReturnsTheOriginsPayload() throws Exception {
        try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
            RawResponse r = c.exchange(OriginRequests.payload(1024));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.complete()).isTrue();
            assertThat(r.body())
                    .isEqualTo(StubOrigin.expectedPayload(origin.options().seed(), 1024));
            assertThat(r.header("Via")).contains("proxybench");
        }
    }

    @Test
    void postBodyReachesTheOrigin() throws Exception {
        byte[] body = new byte[256 * 1024];
        new java.util.Random(7).nextBytes(body);
        long before = origin.stats().bytesIn();
        try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
            RawResponse r = c.exchange(RawRequest.post("/upload", body).header(OriginRequests.PAYLOAD_SIZE, "16"));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).hasSize(16);
            RawResponse chunked = c.exchange(
                    RawRequest.post("/upload", body).chunked(10_000).header(OriginRequests.PAYLOAD_SIZE, "16"));
            assertThat(chunked.status()).isEqualTo(200);
        }
        assertThat(origin.stats().bytesIn() - before)
                .as("bytes the origin read for two uploads")
                .isGreaterThanOrEqualTo(2L * body.length);
    }

    @Test
    void keepAliveReusesTheClientAndTheOriginConnection() throws Exception {
        try (StubOrigin own = TestProxies.origin();
                NettyProxyServer p = TestProxies.start(Map.of("routes", TestProxies.routeTo(own.port())))) {
            try (RawHttpConnection c = RawHttpConnection.open(p.port())) {
                for (int i = 0; i < 10; i++) {
                    RawResponse r = c.exchange(OriginRequests.payload(100));
                    assertThat(r.status()).isEqualTo(200);
                    assertThat(r.announcesClose()).isFalse();
                }
            }
            assertThat(own.stats().requests()).isEqualTo(10);
            assertThat(own.stats().totalConnections())
                    .as("origin connections for 10 requests")
                    .isEqualTo(1);
            assertThat(p.metrics().clientConnectionsOpened().getCount()).isEqualTo(1);
            Eventually.holds(() -> assertThat(p.metrics().requests().getCount()).isEqualTo(10));
        }
    }

    @Test
    void originDownGives502() throws Exception {
        long before = proxy.metrics().errorCount(ProxyError.CONNECT);
        try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
            RawResponse r = c.exchange(RawRequest.get("/dead/x"));
            assertThat(r.status()).isEqualTo(502);
            assertThat(r.bodyText()).isEqualTo(ProxyError.CONNECT.message() + "\n");
            // The client connection survives an origin failure.
            assertThat(c.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
        }
        assertThat(proxy.metrics().errorCount(ProxyError.CONNECT)).isEqualTo(before + 1);
    }
}
