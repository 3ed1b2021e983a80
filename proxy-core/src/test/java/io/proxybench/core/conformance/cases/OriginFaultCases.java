package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.http.ProxyError;
import io.proxybench.origin.StubOrigin;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** An origin that is down, silent, rude or broken gets the shared error mapping, and the proxy goes on serving. */
public interface OriginFaultCases extends ConformanceContext {

    @Test
    @DisplayName("origin refusing connections -> 502, counted as proxy.errors.connect")
    default void originDownGives502() throws Exception {
        long before = proxy().metrics().counter(ProxyError.CONNECT.metricName());
        RawResponse r = proxy().exchange(RawRequest.get(DEAD + "/anything"));
        assertThat(r.status()).as("answer when the origin is down: %s", r).isEqualTo(502);
        assertCounted(ProxyError.CONNECT, before);
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("origin that never answers -> 504 after origin.readTimeout, counted as proxy.errors.timeout")
    default void originStallGives504AfterReadTimeout() throws Exception {
        long before = proxy().metrics().counter(ProxyError.TIMEOUT.metricName());
        long start = System.nanoTime();
        RawResponse r = proxy().exchange(OriginRequests.fault("stall"));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(r.status()).as("answer to a stalled origin: %s", r).isEqualTo(504);
        // no ceiling: that the read timeout gave the 504, not some longer timer, shows in the count below
        assertThat(took)
                .as("time to the 504 (read timeout %s)", ProxyConformanceSuite.ORIGIN_READ_TIMEOUT)
                .isGreaterThanOrEqualTo(ProxyConformanceSuite.ORIGIN_READ_TIMEOUT
                        .multipliedBy(8)
                        .dividedBy(10));
        assertCounted(ProxyError.TIMEOUT, before);
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("origin resetting the connection before answering -> 502, counted as proxy.errors.reset")
    default void originResetGives502() throws Exception {
        long before = proxy().metrics().counter(ProxyError.RESET.metricName());
        RawResponse r = proxy().exchange(OriginRequests.fault("reset"));
        assertThat(r.status()).as("answer to an origin reset: %s", r).isEqualTo(502);
        assertCounted(ProxyError.RESET, before);
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("origin sending bytes that are not HTTP -> 502, counted as proxy.errors.originProtocol")
    default void originGarbageGives502() throws Exception {
        long before = proxy().metrics().counter(ProxyError.ORIGIN_PROTOCOL.metricName());
        RawResponse r = proxy().exchange(OriginRequests.fault("garbage"));
        assertThat(r.status()).as("answer to an origin speaking garbage: %s", r).isEqualTo(502);
        assertCounted(ProxyError.ORIGIN_PROTOCOL, before);
        assertStillServing(proxy());
    }

    @Test
    @DisplayName(
            "origin closing mid-body -> the client gets fewer bytes than Content-Length, then the connection closes")
    default void originClosingMidBodyTruncatesTheClientResponse() throws Exception {
        int size = 1024 * 1024;
        try (RawHttpConnection c = proxy().connect()) {
            c.send(OriginRequests.fault("close-mid-body").header(OriginRequests.PAYLOAD_SIZE, Integer.toString(size)));
            RawResponse r = c.readFinalResponse(false, Duration.ofSeconds(5));
            assertThat(r.status())
                    .as("status once the origin had sent its head: %s", r)
                    .isEqualTo(200);
            // complete == false means the connection ended before the framing said the body was over.
            assertThat(r.complete())
                    .as("a truncated body must not look complete: %s", r)
                    .isFalse();
            assertThat(r.body().length).as("body bytes that reached the client").isLessThan(size);
            if (!r.isChunked()) {
                assertThat(r.contentLength()).as("Content-Length forwarded").isEqualTo(size);
            }
        }
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("an origin's own 500 reaches the client as the origin sent it")
    default void originErrorStatusPassesThrough() throws Exception {
        RawResponse r = proxy().exchange(OriginRequests.fault("status-500"));
        assertThat(r.status()).isEqualTo(500);
        assertThat(r.bodyText()).isEqualTo("fault injected: status-500\n");
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("origin connections that failed (reset, garbage, mid-body close, stall) give back their pool slot")
    default void failedOriginConnectionsFreeTheirPoolSlot() throws Exception {
        StubOrigin o = startOrigin();
        // One slot only: a slot kept by a failed connection would leave every later request waiting for 503.
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o), "origin.maxConnectionsPerHost", "1"));
        for (String fault : List.of("reset", "garbage", "close-mid-body", "stall", "reset")) {
            try (RawHttpConnection c = p.connect()) {
                c.send(OriginRequests.fault(fault).header(OriginRequests.PAYLOAD_SIZE, "100000"));
                RawResponse failed = c.readFinalResponse(false, Duration.ofSeconds(5));
                assertThat(failed.status() == 200 && failed.complete())
                        .as("%s answered as if complete: %s", fault, failed)
                        .isFalse();
            }
            try (RawHttpConnection c = p.connect()) {
                assertPayload(c.exchange(OriginRequests.payload(3000)), 3000);
            }
        }
    }

    private void assertCounted(ProxyError error, long before) throws Exception {
        Eventually.holds(() -> assertThat(proxy().metrics().counter(error.metricName()))
                .as("%s after one such failure", error.metricName())
                .isGreaterThan(before));
    }
}
