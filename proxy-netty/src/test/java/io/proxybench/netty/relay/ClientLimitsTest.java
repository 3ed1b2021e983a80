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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Limits that protect the proxy: client connections, origin connections, smuggling attempts. */
@ExtendWith(LeakReportGuard.class)
class ClientLimitsTest {

    @Test
    void connectionsBeyondTheMaximumAreClosedAtOnceAndCounted() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(
                        Map.of("routes", TestProxies.routeTo(origin.port()), "limits.maxConnections", "2"))) {
            try (RawHttpConnection a = RawHttpConnection.open(proxy.port());
                    RawHttpConnection b = RawHttpConnection.open(proxy.port())) {
                assertThat(a.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
                assertThat(b.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
                try (RawHttpConnection third = RawHttpConnection.open(proxy.port())) {
                    RawHttpConnection.CloseWatch watch = third.awaitClose(Duration.ofSeconds(2));
                    assertThat(watch.closed())
                            .as("third connection closed by the proxy")
                            .isTrue();
                    assertThat(watch.received()).isEmpty();
                }
                assertThat(proxy.metrics().clientConnectionsRejected().getCount())
                        .isEqualTo(1);
                assertThat(a.exchange(OriginRequests.payload(10)).status())
                        .as("the admitted ones still work")
                        .isEqualTo(200);
            }
            // Room again once the others left: until the proxy has seen them go, a new one is still refused.
            Eventually.holds(() -> {
                try (RawHttpConnection again = RawHttpConnection.open(proxy.port())) {
                    assertThat(again.exchange(OriginRequests.payload(10)).status())
                            .isEqualTo(200);
                } catch (RawHttpConnection.ConnectionClosedException refused) {
                    throw new AssertionError("still refused: " + refused.getMessage(), refused);
                }
            });
        }
    }

    @Test
    void originAtItsMaximumGives503PoolExhaustedAfterTheWait() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes",
                        TestProxies.routeTo(origin.port()),
                        "workers.inbound",
                        "1",
                        "origin.maxConnectionsPerHost",
                        "1",
                        "origin.poolWaitTimeout",
                        "200ms"))) {
            ExecutorService clients = Executors.newFixedThreadPool(2);
            try {
                List<Future<RawResponse>> answers = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    answers.add(clients.submit(() -> {
                        try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                            return c.exchange(RawRequest.get("/slow")
                                    .header(OriginRequests.LATENCY, "800ms")
                                    .header(OriginRequests.PAYLOAD_SIZE, "10"));
                        }
                    }));
                }
                List<Integer> statuses = new ArrayList<>();
                for (Future<RawResponse> f : answers) {
                    statuses.add(f.get(10, TimeUnit.SECONDS).status());
                }
                assertThat(statuses).containsExactlyInAnyOrder(200, 503);
            } finally {
                clients.shutdownNow();
            }
            assertThat(proxy.metrics().errorCount(ProxyError.POOL_EXHAUSTED)).isEqualTo(1);
            assertThat(proxy.metrics().poolWaits().getCount()).isEqualTo(1);
            assertThat(proxy.metrics().poolWaitTimeouts().getCount()).isEqualTo(1);
            assertThat(origin.stats().totalConnections()).isEqualTo(1);
        }
    }

    @Test
    void smuggledSecondRequestIsNeverForwardedAndTheConnectionCloses() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of("routes", TestProxies.routeTo(origin.port())))) {
            String smuggle = "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 44\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n";
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                c.send(smuggle.getBytes(StandardCharsets.ISO_8859_1));
                RawResponse r = c.readFinalResponse(false, Duration.ofSeconds(5));
                assertThat(r.status()).isEqualTo(400);
                assertThat(r.bodyText()).isEqualTo(ProxyError.REQUEST_SMUGGLING.message() + "\n");
                assertThat(r.announcesClose()).isTrue();
                assertThat(c.awaitClose(Duration.ofSeconds(2)).closed()).isTrue();
            }
            assertThat(origin.stats().requests())
                    .as("requests that reached the origin")
                    .isZero();
            assertThat(proxy.metrics().errorCount(ProxyError.REQUEST_SMUGGLING)).isEqualTo(1);
        }
    }
}
