package io.proxybench.netty.floor;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The relay a floor figure is read from must carry the load it is given unchanged: every byte both
 * ways over one origin connection per client connection, and no connection left open on one side
 * once the other has gone.
 */
@ExtendWith(LeakReportGuard.class)
class ByteRelayTest {

    @Test
    void keepAliveRequestsCrossOneOriginConnectionUnchanged() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                ByteRelay relay = ByteRelay.start(0, origin.address(), 2);
                RawHttpConnection client = RawHttpConnection.open(relay.port())) {
            for (int size : new int[] {1024, 2 * 1024 * 1024, 0}) {
                RawResponse r = client.exchange(OriginRequests.payload(size));
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.body())
                        .isEqualTo(StubOrigin.expectedPayload(origin.options().seed(), size));
            }
            // No proxy in between: the head arrives as the origin wrote it.
            assertThat(client.exchange(OriginRequests.payload(1)).header("Via")).isNull();
            assertThat(origin.stats().totalConnections()).isEqualTo(1);
            assertThat(origin.stats().requests()).isEqualTo(4);
        }
    }

    @Test
    void aClientThatLeavesTakesItsOriginConnectionAlong() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                ByteRelay relay = ByteRelay.start(0, origin.address(), 2)) {
            try (RawHttpConnection client = RawHttpConnection.open(relay.port())) {
                assertThat(client.exchange(OriginRequests.payload(16)).status()).isEqualTo(200);
                assertThat(origin.stats().activeConnections()).isEqualTo(1);
            }
            Eventually.holds(
                    () -> assertThat(origin.stats().activeConnections()).isZero());
        }
    }

    @Test
    void aClientIsClosedWhenItsOriginCannotBeReached() throws Exception {
        int dead = TestProxies.deadPort();
        try (ByteRelay relay = ByteRelay.start(0, new InetSocketAddress("127.0.0.1", dead), 1);
                RawHttpConnection client = RawHttpConnection.open(relay.port())) {
            assertThat(client.awaitClose(Duration.ofSeconds(5)).closed()).isTrue();
        }
    }
}
