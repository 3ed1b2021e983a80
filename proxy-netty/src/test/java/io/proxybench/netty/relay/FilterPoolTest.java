package io.proxybench.netty.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.filters.ConformanceFilters;
import io.proxybench.core.conformance.filters.ThrowingInboundFilter;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.core.filter.requestid.RequestIdEchoFilter;
import io.proxybench.core.filter.requestid.RequestIdFilter;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The filter pool of the split layout: used only when there are filters to run, and with many
 * requests handed over together, every result still reaches its own request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(LeakReportGuard.class)
class FilterPoolTest {

    private static final int CLIENTS = 8;
    private static final int REQUESTS_EACH = 25;

    private StubOrigin origin;

    @BeforeAll
    void start() {
        origin = TestProxies.origin();
    }

    @AfterAll
    void stop() {
        origin.close();
    }

    @Test
    void withoutFiltersNoRequestIsHandedToThePool() throws Exception {
        try (NettyProxyServer proxy = split(Map.of())) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                for (int i = 0; i < 20; i++) {
                    assertThat(c.exchange(OriginRequests.payload(100)).status()).isEqualTo(200);
                }
            }
            assertThat(proxy.workers().stageThreadsStarted())
                    .as("filter-pool threads started")
                    .isZero();
        }
    }

    @Test
    void concurrentRequestsEachGetTheirOwnFilterResult() throws Exception {
        try (NettyProxyServer proxy = split(Map.of("filters", ThreadNamingFilter.class.getName()))) {
            List<String> threads = fromClients(proxy, (id, c) -> {
                List<String> seen = new ArrayList<>();
                for (int i = 0; i < REQUESTS_EACH; i++) {
                    String requestId = id + "-" + i;
                    RawResponse r =
                            c.exchange(OriginRequests.payload(200 + id).header(OriginRequests.REQUEST_ID, requestId));
                    assertThat(r.status()).isEqualTo(200);
                    assertThat(r.header(OriginRequests.REQUEST_ID)).isEqualTo(requestId);
                    assertThat(r.header(ThreadNamingFilter.FOR))
                            .as("the request the filter ran for")
                            .isEqualTo(requestId);
                    assertThat(r.body()).hasSize(200 + id);
                    seen.add(r.header(ThreadNamingFilter.THREAD));
                }
                return seen;
            });
            assertThat(threads).hasSize(CLIENTS * REQUESTS_EACH).allMatch(t -> t.startsWith("proxy-stage"));
            assertThat(proxy.workers().stageThreadsStarted()).isPositive();
        }
    }

    @Test
    void theShippedRequestIdFiltersGiveEveryRequestItsOwnId() throws Exception {
        String filters = RequestIdFilter.class.getName() + "," + RequestIdEchoFilter.class.getName();
        try (NettyProxyServer proxy = split(Map.of("filters", filters))) {
            List<String> ids = fromClients(proxy, (id, c) -> {
                List<String> seen = new ArrayList<>();
                for (int i = 0; i < REQUESTS_EACH; i++) {
                    RawResponse r = c.exchange(OriginRequests.payload(10));
                    assertThat(r.status()).isEqualTo(200);
                    seen.add(r.header(RequestIdFilter.HEADER));
                }
                assertThat(c.exchange(OriginRequests.payload(10).header(RequestIdFilter.HEADER, "client-" + id))
                                .header(RequestIdFilter.HEADER))
                        .isEqualTo("client-" + id);
                return seen;
            });
            assertThat(ids)
                    .hasSize(CLIENTS * REQUESTS_EACH)
                    .allMatch(id -> id.matches("[0-9a-f]{32}"))
                    .doesNotHaveDuplicates();
        }
    }

    @Test
    void aFailingFilterFailsOnlyItsOwnRequest() throws Exception {
        try (NettyProxyServer proxy = split(Map.of("filters", ThrowingInboundFilter.class.getName()))) {
            List<String> outcomes = fromClients(proxy, (id, c) -> {
                List<String> seen = new ArrayList<>();
                for (int i = 0; i < REQUESTS_EACH; i++) {
                    boolean fail = (id + i) % 3 == 0;
                    RawResponse r = c.exchange(
                            fail
                                    ? OriginRequests.payload(10).header(ConformanceFilters.THROW, "inbound")
                                    : OriginRequests.payload(10));
                    seen.add(fail + "->" + r.status());
                    if (r.status() == 500) {
                        return seen; // the proxy may close after a failed request
                    }
                }
                return seen;
            });
            assertThat(outcomes).allMatch(o -> o.equals("true->500") || o.equals("false->200"));
            assertThat(outcomes).contains("true->500", "false->200");
        }
    }

    /** The write-up's layout on two cores: one client loop, two filter threads, one origin loop. */
    private NettyProxyServer split(Map<String, String> more) throws Exception {
        Map<String, String> settings = new HashMap<>(more);
        settings.putAll(Map.of(
                "routes",
                TestProxies.routeTo(origin.port()),
                "workers.inbound",
                "1",
                "workers.stage",
                "2",
                "workers.outbound",
                "1"));
        return TestProxies.start(settings);
    }

    /**
     * Runs {@code client} on {@link #CLIENTS} threads at once, each on its own keep-alive connection to
     * {@code proxy}; the lists they return, joined.
     */
    private static List<String> fromClients(NettyProxyServer proxy, Client client) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int id = 0; id < CLIENTS; id++) {
                int k = id;
                futures.add(pool.submit((Callable<List<String>>) () -> {
                    try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                        return client.run(k, c);
                    }
                }));
            }
            List<String> all = new ArrayList<>();
            for (Future<List<String>> f : futures) {
                all.addAll(f.get(60, TimeUnit.SECONDS));
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    private interface Client {
        List<String> run(int id, RawHttpConnection connection) throws Exception;
    }
}
