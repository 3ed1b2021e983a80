package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.origin.StubOrigin;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A drain lets requests in flight finish, says so on /health, and refuses new connections meanwhile. */
class GracefulShutdownTest {

    @Test
    void drainFinishesInFlightRequestsAndRefusesNewOnes() throws Exception {
        try (StubOrigin origin = TestProxies.origin()) {
            ProxyServer proxy = TestProxies.start(origin, Map.of("tomcat.connector", "nio"));
            int port = proxy.port();
            int adminPort = proxy.adminPort();
            RawHttpConnection slow = RawHttpConnection.open(port);
            // Long enough that the checks below run while the origin still holds the request, on a loaded machine too.
            slow.send(RawRequest.get("/slow")
                    .header(OriginRequests.LATENCY, "2s")
                    .header(OriginRequests.PAYLOAD_SIZE, "5000"));
            // A drain only waits for requests the servlet has taken; a fixed sleep raced it on a busy machine.
            Eventually.holds(() -> assertThat(origin.stats().requests())
                    .as("requests at the origin")
                    .isEqualTo(1));

            CompletableFuture<Void> shutdown =
                    CompletableFuture.runAsync(() -> proxy.shutdownGracefully(Duration.ofSeconds(8)));
            // The drain starts on another thread: /health says so once it has begun, well inside the origin's 2 s.
            Eventually.holds(Duration.ofSeconds(1), () -> {
                RawResponse health = admin(adminPort, "/health");
                assertThat(health.status()).as("/health while draining").isEqualTo(503);
                assertThat(health.bodyText().trim()).isEqualTo("draining");
            });
            assertThatThrownBy(() -> RawHttpConnection.open(port).exchange(RawRequest.get("/late")))
                    .as("a new connection during the drain")
                    .isInstanceOf(IOException.class);

            RawResponse answer = slow.readFinalResponse(false, Duration.ofSeconds(8));
            assertThat(answer.status())
                    .as("the request in flight when the drain began")
                    .isEqualTo(200);
            assertThat(answer.complete()).isTrue();
            assertThat(answer.body()).hasSize(5000);
            slow.close();
            shutdown.get(15, TimeUnit.SECONDS);
            assertThatThrownBy(() -> RawHttpConnection.open(adminPort)).isInstanceOf(ConnectException.class);
        }
    }

    private static RawResponse admin(int port, String path) throws IOException {
        try (RawHttpConnection c = RawHttpConnection.open(port)) {
            return c.exchange(RawRequest.get(path).header("Connection", "close"));
        }
    }
}
