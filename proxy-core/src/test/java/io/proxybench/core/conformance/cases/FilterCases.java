package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.filters.ConformanceFilters;
import io.proxybench.core.conformance.origin.RecordedRequest;
import io.proxybench.core.http.ProxyError;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Filters named in config run on the front end: they may answer, rewrite headers both ways, or fail safely. */
public interface FilterCases extends ConformanceContext {

    @Test
    @DisplayName("an inbound filter's short-circuit answer reaches the client and the origin is never called")
    default void shortCircuitSkipsTheOrigin() throws Exception {
        long before = origin().stats().requests();
        RawResponse r = proxy().exchange(OriginRequests.payload(100).header(ConformanceFilters.SHORT_CIRCUIT, "418"));
        assertThat(r.status()).as("short-circuit answer: %s", r).isEqualTo(418);
        assertThat(r.bodyText()).isEqualTo(ConformanceFilters.SHORT_CIRCUIT_BODY);
        assertThat(origin().stats().requests())
                .as("origin requests after a short-circuit")
                .isEqualTo(before);
    }

    @Test
    @DisplayName("an inbound filter adds and removes request headers; the origin sees the result")
    default void inboundFilterRewritesRequestHeaders() throws Exception {
        RawResponse r = proxy().exchange(RawRequest.get(RECORDED + "/filters/inbound")
                .header(ConformanceFilters.INBOUND, "v1")
                .header(ConformanceFilters.REMOVE_ME, "must not arrive"));
        assertThat(r.status()).isEqualTo(200);
        RecordedRequest seen = recorder().lastWith("/filters/inbound");
        assertThat(seen.header(ConformanceFilters.INBOUND_ADDED))
                .as("header added by the filter")
                .isEqualTo("v1");
        assertThat(seen.headers().contains(ConformanceFilters.REMOVE_ME))
                .as("header removed by the filter reached the origin")
                .isFalse();
    }

    @Test
    @DisplayName("an outbound filter adds and changes response headers; the client sees the result")
    default void outboundFilterRewritesResponseHeaders() throws Exception {
        RawResponse r = proxy().exchange(
                        RawRequest.get(RECORDED + "/filters/outbound").header(ConformanceFilters.OUTBOUND, "1"));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header(ConformanceFilters.OUTBOUND_ADDED))
                .as("header added by the outbound filter")
                .isEqualTo("status=200");
        assertThat(r.headerValues(ConformanceFilters.REPLACED))
                .as("origin header changed by the outbound filter")
                .containsExactly(ConformanceFilters.REPLACED_VALUE);
        assertThat(r.bodyText()).isEqualTo("recorded\n");
    }

    @Test
    @DisplayName("a filter that completes later on another thread is waited for and its change kept")
    default void asynchronousFilterIsAwaited() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            for (int i = 0; i < 3; i++) {
                String marker = "/filters/async/" + i;
                RawResponse r = c.exchange(RawRequest.get(RECORDED + marker).header(ConformanceFilters.ASYNC, "1"));
                assertThat(r.status()).isEqualTo(200);
                assertThat(recorder().lastWith(marker).header(ConformanceFilters.ASYNC_ADDED))
                        .isEqualTo("done");
            }
        }
    }

    @Test
    @DisplayName("an inbound filter that throws or fails its stage -> 500, origin not called, proxy keeps serving")
    default void failingInboundFilterGives500() throws Exception {
        long errorsBefore = proxy().metrics().counter(ProxyError.FILTER.metricName());
        long originBefore = origin().stats().requests();
        for (String mode : List.of("inbound", "inbound-async")) {
            RawResponse r = proxy().exchange(OriginRequests.payload(100).header(ConformanceFilters.THROW, mode));
            assertThat(r.status())
                    .as("answer when the %s filter fails: %s", mode, r)
                    .isEqualTo(500);
        }
        assertThat(origin().stats().requests())
                .as("origin requests after failed inbound filters")
                .isEqualTo(originBefore);
        Eventually.holds(() -> assertThat(proxy().metrics().counter(ProxyError.FILTER.metricName()))
                .as(ProxyError.FILTER.metricName())
                .isGreaterThanOrEqualTo(errorsBefore + 2));
        assertStillServing(proxy());
    }

    @Test
    @DisplayName(
            "an outbound filter that throws -> 500 instead of the origin's answer, and later requests are served whole")
    default void failingOutboundFilterGives500() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            RawResponse r = c.exchange(OriginRequests.payload(50_000).header(ConformanceFilters.THROW, "outbound"));
            assertThat(r.status())
                    .as("answer when the outbound filter fails: %s", r)
                    .isEqualTo(500);
        }
        // The origin's unread body must not be left in a pooled connection for the next request.
        for (int i = 0; i < 3; i++) {
            assertStillServing(proxy());
        }
    }
}
