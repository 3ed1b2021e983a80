package io.proxybench.netty.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client port with one listening socket per inbound loop: served, exclusive, closed as a whole. */
@ExtendWith(LeakReportGuard.class)
class ClientListenersTest {

    private static NettyProxyServer perLoop(StubOrigin origin, String transport, int port) throws Exception {
        return TestProxies.start(Map.of(
                "routes",
                TestProxies.routeTo(origin.port()),
                "server.transport",
                transport,
                "server.port",
                Integer.toString(port),
                "workers.inbound",
                "3",
                "server.acceptors",
                ClientListeners.PER_LOOP));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"epoll", "io_uring", "nio"})
    void everyConnectionIsServedWhicheverSocketTheKernelPicks(String transport) throws Exception {
        IoUringRequired.assumeAvailableFor(transport);
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = perLoop(origin, transport, 0)) {
            assertThat(proxy.listeningSockets()).isEqualTo(transport.equals("nio") ? 1 : 3);
            // Many connections from different source ports, so the kernel's hash spreads them.
            List<RawHttpConnection> open = new ArrayList<>();
            try {
                for (int i = 0; i < 30; i++) {
                    RawHttpConnection c = RawHttpConnection.open(proxy.port());
                    open.add(c);
                    assertThat(c.exchange(OriginRequests.payload(50 + i)).status())
                            .isEqualTo(200);
                }
                for (RawHttpConnection c : open) {
                    assertThat(c.exchange(OriginRequests.payload(7)).status()).isEqualTo(200);
                }
            } finally {
                for (RawHttpConnection c : open) {
                    c.close();
                }
            }
            // A request is counted once its response is written, which can trail the client's read.
            Eventually.holds(
                    () -> assertThat(proxy.metrics().requests().getCount()).isEqualTo(60));
        }
    }

    @Test
    void aSecondServerCannotShareThePort() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer first = perLoop(origin, "epoll", 0)) {
            // Both would set SO_REUSEPORT: without the check the kernel would split the connections.
            assertThatThrownBy(() -> perLoop(origin, "epoll", first.port()).close())
                    .hasMessageContaining("cannot bind")
                    .hasMessageContaining(Integer.toString(first.port()));
            try (RawHttpConnection c = RawHttpConnection.open(first.port())) {
                assertThat(c.exchange(OriginRequests.payload(1)).status()).isEqualTo(200);
            }
        }
    }

    @Test
    void stoppingClosesEverySocket() throws Exception {
        int port;
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = perLoop(origin, "epoll", 0)) {
            port = proxy.port();
        }
        for (int i = 0; i < 20; i++) {
            assertThatThrownBy(() -> connect(port)).isInstanceOf(IOException.class);
        }
    }

    private static void connect(int port) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getInputStream();
        }
    }
}
