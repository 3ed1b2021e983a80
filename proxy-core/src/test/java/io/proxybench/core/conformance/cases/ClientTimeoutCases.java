package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Connections that hold a slot without doing work are closed: a client that never speaks, one that
 * idles after its request, one that sends its head byte by byte. The suite runs with 1 s for
 * {@code client.idleTimeout} and {@code client.requestReadTimeout}; "a few seconds" is the bound.
 */
public interface ClientTimeoutCases extends ConformanceContext {

    Duration CLOSE_WITHIN = Duration.ofSeconds(5);

    @Test
    @DisplayName("a client that connects and sends nothing is closed within a few seconds")
    default void silentClientIsClosed() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            RawHttpConnection.CloseWatch watch = c.awaitClose(CLOSE_WITHIN);
            assertThat(watch.closed())
                    .as("connection closed within %s", CLOSE_WITHIN)
                    .isTrue();
            assertOnlyRequestTimeoutBefore(watch);
        }
    }

    @Test
    @DisplayName("a keep-alive client idle after its response is closed within a few seconds")
    default void idleKeepAliveClientIsClosed() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            RawResponse r = c.exchange(OriginRequests.payload(100));
            assertPayload(r, 100);
            assertThat(r.announcesClose())
                    .as("the proxy closed right after the response, not after idling")
                    .isFalse();
            RawHttpConnection.CloseWatch watch = c.awaitClose(CLOSE_WITHIN);
            assertThat(watch.closed())
                    .as("idle connection closed within %s", CLOSE_WITHIN)
                    .isTrue();
            assertThat(watch.received())
                    .as("bytes sent before closing an idle connection")
                    .isEmpty();
        }
    }

    @Test
    @DisplayName("a client sending its request head one byte at a time is cut off after client.requestReadTimeout")
    default void slowHeaderClientIsCutOff() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            c.send("GET /slow-head HTTP/1.1\r\nHost: slow\r\n");
            long until = System.nanoTime() + CLOSE_WITHIN.toNanos();
            // Each byte arrives well within the idle timeout, so only the whole-head deadline can end this.
            byte[] trickle = "X-Slow: ".concat("z".repeat(100)).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; System.nanoTime() < until; i = (i + 1) % trickle.length) {
                if (c.writeFails(new byte[] {trickle[i]})) {
                    return;
                }
                RawHttpConnection.CloseWatch watch = c.awaitClose(Duration.ofMillis(200));
                if (watch.closed()) {
                    assertOnlyRequestTimeoutBefore(watch);
                    return;
                }
                if (watch.received().length > 0) {
                    // The 408 may land just before the close does; the close must follow it promptly.
                    assertOnlyRequestTimeoutBefore(watch);
                    assertThat(c.awaitClose(Duration.ofSeconds(1)).closed())
                            .as("closed after the 408")
                            .isTrue();
                    return;
                }
            }
            throw new AssertionError("a client trickling its head was still connected after " + CLOSE_WITHIN);
        }
    }

    @Test
    @DisplayName("a client waiting for a slow origin is not idle: no idle close while its answer is due")
    default void clientWaitingForSlowOriginIsNotIdle() throws Exception {
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(origin()), "origin.readTimeout", "4s"));
        try (RawHttpConnection c = p.connect()) {
            RawResponse r = c.exchange(OriginRequests.payload(100, "1800ms"));
            assertPayload(r, 100);
        }
    }

    /** Closing is allowed to carry a 408 first, and nothing else. */
    private static void assertOnlyRequestTimeoutBefore(RawHttpConnection.CloseWatch watch) {
        if (watch.received().length > 0) {
            assertThat(watch.receivedText())
                    .as("bytes sent before closing the connection")
                    .startsWith("HTTP/1.1 408");
        }
    }
}
