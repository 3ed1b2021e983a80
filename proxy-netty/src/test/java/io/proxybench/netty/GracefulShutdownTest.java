package io.proxybench.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakReportGuard.class)
class GracefulShutdownTest {

    @Test
    void drainFinishesInFlightRequestsClosesIdleOnesAndLeavesNoThreads() throws Exception {
        try (StubOrigin origin = TestProxies.origin()) {
            NettyProxyServer proxy = TestProxies.start(Map.of(
                    "routes", TestProxies.routeTo(origin.port()), "workers.stage", "2", "workers.outbound", "1"));
            int port = proxy.port();
            RawHttpConnection busy = RawHttpConnection.open(port);
            RawHttpConnection idle = RawHttpConnection.open(port);
            assertThat(idle.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
            assertThat(proxy.metrics().clientConnectionsActive().getCount()).isEqualTo(2);

            // Long enough that the checks below run while the origin still holds the request, on a loaded machine too.
            busy.send(RawRequest.get("/slow")
                    .header(OriginRequests.LATENCY, "2s")
                    .header(OriginRequests.PAYLOAD_SIZE, "500"));
            Eventually.holds(() -> assertThat(origin.stats().requests())
                    .as("requests at the origin: the idle connection's and the slow one")
                    .isEqualTo(2));
            CompletableFuture<Void> stopping =
                    CompletableFuture.runAsync(() -> proxy.shutdownGracefully(Duration.ofSeconds(8)));

            // The drain starts on another thread: /health says so once it has begun, well inside the origin's 2 s.
            Eventually.holds(Duration.ofSeconds(1), () -> {
                try (RawHttpConnection admin = RawHttpConnection.open(proxy.adminPort())) {
                    RawResponse health = admin.exchange(RawRequest.get("/health"));
                    assertThat(health.status()).as("health while draining").isEqualTo(503);
                    assertThat(health.bodyText()).isEqualTo("draining\n");
                }
            });
            assertThat(idle.awaitClose(Duration.ofSeconds(2)).closed())
                    .as("idle keep-alive connection closed")
                    .isTrue();
            assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
                    .as("no longer accepting")
                    .isInstanceOf(IOException.class);

            RawResponse inFlight = busy.readFinalResponse(false, Duration.ofSeconds(8));
            assertThat(inFlight.status()).as("in-flight request finished").isEqualTo(200);
            assertThat(inFlight.body()).hasSize(500);
            assertThat(inFlight.announcesClose()).isTrue();
            busy.close();
            idle.close();

            stopping.get(15, TimeUnit.SECONDS);
            List<String> left = Thread.getAllStackTraces().keySet().stream()
                    .filter(Thread::isAlive)
                    .map(Thread::getName)
                    .filter(n -> n.startsWith("proxy-") || n.equals("eventloop-watchdog"))
                    .toList();
            assertThat(left).as("threads of the stopped proxy").isEmpty();
        }
    }
}
