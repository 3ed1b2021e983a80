package io.proxybench.netty.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every worker layout and transport proxies GETs and bodies correctly, also with concurrent clients;
 * origin connections handed between loops are reused and given back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(LeakReportGuard.class)
class WorkerLayoutCombinationsTest {

    private StubOrigin origin;

    @BeforeAll
    void start() {
        origin = TestProxies.origin();
    }

    @AfterAll
    void stop() {
        origin.close();
    }

    @ParameterizedTest(name = "{0} inbound={1} stage={2} outbound={3}")
    @CsvSource({
        "epoll, 1, 0, 0",
        "epoll, 2, 0, 0",
        "epoll, 1, 2, 0",
        "epoll, 1, 0, 2",
        "epoll, 2, 3, 2",
        "epoll, 4, 8, 4",
        "nio,   2, 0, 0",
        "nio,   2, 2, 2",
        "io_uring, 2, 0, 0",
        "io_uring, 2, 2, 2",
    })
    void proxiesInEveryLayout(String transport, int inbound, int stage, int outbound) throws Exception {
        IoUringRequired.assumeAvailableFor(transport);
        try (NettyProxyServer proxy = TestProxies.start(Map.of(
                "routes", TestProxies.routeTo(origin.port()),
                "server.transport", transport,
                "workers.inbound", Integer.toString(inbound),
                "workers.stage", Integer.toString(stage),
                "workers.outbound", Integer.toString(outbound)))) {
            ExecutorService clients = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int k = 0; k < 4; k++) {
                    int client = k;
                    done.add(clients.submit(() -> {
                        byte[] upload = new byte[40_000 + client];
                        try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                            for (int i = 0; i < 5; i++) {
                                RawResponse r = c.exchange(OriginRequests.payload(3000 + i)
                                        .header(OriginRequests.REQUEST_ID, client + "-" + i));
                                assertThat(r.status()).isEqualTo(200);
                                assertThat(r.body())
                                        .isEqualTo(StubOrigin.expectedPayload(
                                                origin.options().seed(), 3000 + i));
                                assertThat(r.header(OriginRequests.REQUEST_ID)).isEqualTo(client + "-" + i);
                                RawResponse posted = c.exchange(RawRequest.post("/up", upload)
                                        .chunked(7000)
                                        .header(OriginRequests.PAYLOAD_SIZE, "10"));
                                assertThat(posted.status()).isEqualTo(200);
                                RawResponse head =
                                        c.exchange(RawRequest.head("/h").header(OriginRequests.PAYLOAD_SIZE, "99"));
                                assertThat(head.status()).isEqualTo(200);
                                assertThat(head.body()).isEmpty();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get(30, TimeUnit.SECONDS);
                }
            } finally {
                clients.shutdownNow();
            }
            Eventually.holds(
                    () -> assertThat(proxy.metrics().requests().getCount()).isEqualTo(4 * 5 * 3));
            assertThat(proxy.pool().misuseCount()).isZero();
        }
    }

    @Test
    void originConnectionsGivenBackFromAnotherLoopAreReusedAndEndIdle() throws Exception {
        try (NettyProxyServer proxy = TestProxies.start(Map.of(
                "routes", TestProxies.routeTo(origin.port()),
                "workers.inbound", "1",
                "workers.stage", "1",
                "workers.outbound", "1"))) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                for (int i = 0; i < 20; i++) {
                    assertThat(c.exchange(OriginRequests.payload(100)).status()).isEqualTo(200);
                }
            }
            // The client's loop hands each connection back without waking the origin's loop: the
            // hand-back must still be there before the next request asks for a connection ...
            assertThat(proxy.pool().openCount())
                    .as("origin connections opened for 20 requests in a row")
                    .isEqualTo(1);
            // ... and must not wait for ever once nothing else happens on that loop.
            Eventually.holds(() -> {
                assertThat(proxy.pool().leasedCount()).isZero();
                assertThat(proxy.pool().idleCount()).isEqualTo(1);
            });
            assertThat(proxy.pool().misuseCount()).isZero();
        }
    }
}
