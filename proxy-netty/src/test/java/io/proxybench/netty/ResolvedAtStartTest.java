package io.proxybench.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.epoll.Epoll;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin port's {@code /resolved} says what ran, not what was asked for: the transport
 * {@code auto} became, the threads started, a setting the transport could not honour, and the
 * JVM-wide leak-tracking level and pinned-memory count.
 */
@ExtendWith(LeakReportGuard.class)
class ResolvedAtStartTest {

    private static Map<String, String> resolved(NettyProxyServer proxy) throws Exception {
        try (RawHttpConnection admin = RawHttpConnection.open(proxy.adminPort())) {
            RawResponse response = admin.exchange(RawRequest.get("/resolved"));
            assertThat(response.status()).isEqualTo(200);
            return new ObjectMapper()
                    .readValue(response.bodyText(), new TypeReference<LinkedHashMap<String, String>>() {});
        }
    }

    @Test
    void autoIsReportedAsTheTransportItBecameWithTheThreadsStarted() throws Exception {
        assumeTrue(Epoll.isAvailable(), "epoll's native library does not load here");
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes",
                        TestProxies.routeTo(origin.port()),
                        "workers.inbound",
                        "3",
                        "server.deferAccept",
                        "5"))) {
            Map<String, String> resolved = resolved(proxy);

            assertThat(resolved)
                    .containsEntry("server.transport", "epoll")
                    .containsEntry("workers.inbound", "3")
                    .containsEntry("workers.stage", "0")
                    .containsEntry("workers.outbound", "0")
                    .containsEntry("server.deferAccept", "5")
                    .containsEntry("listeningSockets", "1");
            // the tests' JVM names paranoid, and auto keeps the level the JVM names
            assertThat(resolved)
                    .containsEntry(
                            "netty.leakDetection",
                            System.getProperty(LeakTrackingLevel.PROPERTY, "disabled")
                                    .toLowerCase(Locale.ROOT));
            // started in-process, not through the proxy's entry: Netty's own default, or what the JVM names
            assertThat(resolved)
                    .containsEntry(
                            "netty.trackPinnedMemory", System.getProperty(PinnedMemoryTracking.PROPERTY, "true"));
        }
    }

    @Test
    void aSettingTheTransportCannotHonourIsReportedAsNotInEffect() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes",
                        TestProxies.routeTo(origin.port()),
                        "server.transport",
                        "nio",
                        "server.deferAccept",
                        "5"))) {
            assertThat(resolved(proxy))
                    .containsEntry("server.transport", "nio")
                    .containsEntry("server.deferAccept", "0");
        }
    }
}
