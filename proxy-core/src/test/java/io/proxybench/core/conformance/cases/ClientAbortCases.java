package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.HttpWireReader;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.origin.StubOrigin;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Clients that leave early must not leave a half-read origin connection in the pool. The proxy here
 * may keep only one origin connection, so a dirty one would surely be handed to the next request.
 */
public interface ClientAbortCases extends ConformanceContext {

    int[] FOLLOW_UP_SIZES = {1000, 70_000, 5, 300_000, 1000};

    @Test
    @DisplayName("a client that resets or closes mid-way through a 10 MiB response leaves no dirty origin connection")
    default void clientLeavingMidResponseLeavesPoolClean() throws Exception {
        StubOrigin o = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o), "origin.maxConnectionsPerHost", "1"));
        for (boolean reset : new boolean[] {true, false}) {
            RawHttpConnection c = p.connect();
            c.send(OriginRequests.payload(BodyCases.TEN_MIB));
            HttpWireReader.Head head = c.readHeadOnly(Duration.ofSeconds(5));
            assertThat(head.startLine()).startsWith("HTTP/1.1 200");
            assertThat(c.readBytes(256 * 1024, Duration.ofSeconds(5))).hasSize(256 * 1024);
            if (reset) {
                c.abort();
            } else {
                c.close();
            }
            assertFollowUpsServedWhole(p);
        }
    }

    @Test
    @DisplayName("a client that leaves while the origin is still thinking leaves no dirty origin connection")
    default void clientLeavingBeforeTheAnswerLeavesPoolClean() throws Exception {
        StubOrigin o = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o), "origin.maxConnectionsPerHost", "1"));
        RawHttpConnection c = p.connect();
        c.send(OriginRequests.payload(200_000, "300ms"));
        Eventually.until("the origin holds the request", () -> o.stats().requests() == 1);
        c.abort();
        assertFollowUpsServedWhole(p);
    }

    private void assertFollowUpsServedWhole(ProxyUnderTest p) throws Exception {
        try (RawHttpConnection c = p.connect()) {
            for (int size : FOLLOW_UP_SIZES) {
                assertPayload(c.exchange(OriginRequests.payload(size)), size);
            }
        }
    }
}
