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

    private static NettyProxyServer proxy(StubOrigin origin, String transport, int deferSeconds) throws Exception {
        return TestProxies.start(Map.of(
                "routes",
                TestProxies.routeTo(origin.port()),
                "server.transport",
                transport,
                "server.deferAccept",
                Integer.toString(deferSeconds)));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"epoll", "io_uring"})
    void aSilentClientIsNotAcceptedUntilItsRequestArrives(String transport) throws Exception {
        IoUringRequired.assumeAvailableFor(transport);
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer deferred = proxy(origin, transport, 5);
                NettyProxyServer plain = proxy(origin, transport, 0);
                RawHttpConnection silent = RawHttpConnection.open(deferred.port());
                RawHttpConnection silentToPlain = RawHttpConnection.open(plain.port())) {
            Eventually.holds(
                    () -> assertThat(plain.metrics().clientConnectionsOpened().getCount())
                            .isEqualTo(1));
            // the plain proxy took its silent client, connected after this one; give the deferred one as long again
            Thread.sleep(300);
            assertThat(deferred.metrics().clientConnectionsOpened().getCount()).isZero();

            assertThat(silent.exchange(OriginRequests.payload(3)).status()).isEqualTo(200);
            assertThat(deferred.metrics().clientConnectionsOpened().getCount()).isEqualTo(1);
            assertThat(silent.exchange(OriginRequests.payload(4)).status())
                    .as("kept alive as usual")
                    .isEqualTo(200);
        }
    }
}
