package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.origin.StubOrigin;
import io.proxybench.tomcat.connector.AprRequired;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ForkJoinWorkerThread;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A stopped proxy leaves no thread behind: every thread alive afterwards was alive before it started. */
class ThreadLeakTest {

    /** Threads the JVM starts on first use and keeps for itself; they belong to no server. */
    private static final List<String> JVM_OWNED = List.of(
            "CompletableFutureDelayScheduler",
            "Common-Cleaner",
            "process reaper",
            "Attach Listener",
            "Notification Thread");

    private static StubOrigin origin;

    @BeforeAll
    static void startOrigin() {
        origin = TestProxies.origin();
    }

    @AfterAll
    static void stopOrigin() {
        origin.close();
    }

    @ParameterizedTest(name = "{0} connector")
    @ValueSource(strings = {"apr", "nio", "nio2"})
    void closingEndsEveryThreadTheServerStarted(String connector) throws Exception {
        AprRequired.assumeAvailableFor(connector);
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        ProxyServer proxy = TestProxies.start(
                origin,
                Map.of(
                        "tomcat.connector",
                        connector,
                        "routes",
                        "/=127.0.0.1:" + origin.port() + ";/_dead=127.0.0.1:1"));
        try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
            for (int i = 0; i < 3; i++) {
                assertThat(c.exchange(OriginRequests.payload(2000)).status()).isEqualTo(200);
            }
            assertThat(c.exchange(RawRequest.post("/upload", new byte[50_000])).status())
                    .isEqualTo(200);
            assertThat(c.exchange(RawRequest.get("/_dead/x")).status()).isEqualTo(502);
        }
        // Keep a connection open across the stop: the server must not wait for the client to leave.
        RawHttpConnection idle = RawHttpConnection.open(proxy.port());
        assertThat(idle.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
        proxy.close();
        idle.close();

        // Threads the server told to stop end on their own time; wait for them, not for a guessed while.
        Eventually.holds(() -> assertThat(startedSince(before))
                .as("threads alive after close that were not alive before start")
                .isEmpty());
    }

    private static Set<Thread> startedSince(Set<Thread> before) {
        Set<Thread> now = new HashSet<>(Thread.getAllStackTraces().keySet());
        now.removeAll(before);
        now.removeIf(t -> !t.isAlive() || t instanceof ForkJoinWorkerThread || JVM_OWNED.contains(t.getName()));
        return now;
    }
}
