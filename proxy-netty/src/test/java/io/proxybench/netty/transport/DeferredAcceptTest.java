package io.proxybench.netty.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code server.deferAccept}: a client that connects and says nothing stays in the kernel, unseen by
 * the proxy, and is served as usual once its request arrives; without it the handshake alone opens
 * a connection in the proxy.
 */
@ExtendWith(LeakReportGuard.class)
class DeferredAcceptTest {

    /** Longer than any test takes: the kernel hands a silent client over once this has passed. */
    private static final int DEFER_SECONDS = 60;

    /**
     * One inbound loop, so one listener, and connections are accepted and opened in the order they
     * became ready, on that loop.
     */
    private static NettyProxyServer proxy(StubOrigin origin, String transport, int deferSeconds) throws Exception {
        return TestProxies.start(Map.of(
                "routes",
                TestProxies.routeTo(origin.port()),
                "server.transport",
                transport,
                "server.deferAccept",
                Integer.toString(deferSeconds),
                "workers.inbound",
                "1"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"epoll", "io_uring"})
    void aSilentClientIsNotAcceptedUntilItsRequestArrives(String transport) throws Exception {
        IoUringRequired.assumeAvailableFor(transport);
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer deferred = proxy(origin, transport, DEFER_SECONDS);
                NettyProxyServer plain = proxy(origin, transport, 0);
                RawHttpConnection silent = RawHttpConnection.open(deferred.port());
                RawHttpConnection silentToPlain = RawHttpConnection.open(plain.port())) {
            Eventually.holds(
                    () -> assertThat(plain.metrics().clientConnectionsOpened().getCount())
                            .isEqualTo(1));
            // A client that connects after the silent one and speaks at once is taken and served: had the
            // kernel handed the silent one over, the listener would have taken it first.
            try (RawHttpConnection talking = RawHttpConnection.open(deferred.port())) {
                assertThat(talking.exchange(OriginRequests.payload(2)).status()).isEqualTo(200);
            }
            assertThat(deferred.metrics().clientConnectionsOpened().getCount())
                    .as("connections the deferred proxy opened: the talking client's alone")
                    .isEqualTo(1);

            assertThat(silent.exchange(OriginRequests.payload(3)).status()).isEqualTo(200);
            assertThat(deferred.metrics().clientConnectionsOpened().getCount()).isEqualTo(2);
            assertThat(silent.exchange(OriginRequests.payload(4)).status())
                    .as("kept alive as usual")
                    .isEqualTo(200);
        }
    }
}
