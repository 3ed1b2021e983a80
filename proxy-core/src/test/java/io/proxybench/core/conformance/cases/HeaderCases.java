package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.origin.RecordedRequest;
import io.proxybench.core.conformance.origin.RecordingOrigin;
import io.proxybench.core.http.MapHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Connection-specific headers stay on their hop; X-Forwarded-* and Via tell the origin who asked. */
public interface HeaderCases extends ConformanceContext {

    /** Connection tokens a proxy may legitimately send on its own account. */
    Set<String> OWN_CONNECTION_TOKENS = Set.of("keep-alive", "close");

    @Test
    @DisplayName("hop-by-hop request headers (and those Connection names) do not reach the origin; end-to-end ones do")
    default void hopByHopRequestHeadersDoNotReachOrigin() throws Exception {
        RawResponse r = proxy().exchange(RawRequest.get(RECORDED + "/hop-by-hop-request")
                .header("Connection", "keep-alive, X-Custom")
                .header("X-Custom", "private to the first hop")
                .header("Keep-Alive", "timeout=5")
                .header("Proxy-Connection", "keep-alive")
                .header("TE", "trailers")
                .header("Trailer", "X-Checksum")
                .header("Upgrade", "example/1")
                .header("X-End-To-End", "kept"));
        assertThat(r.status()).isEqualTo(200);
        MapHeaders seen = recorder().lastWith("/hop-by-hop-request").headers();
        assertThat(seen.names())
                .as("headers at the origin:\n%s", seen)
                .noneMatch(n -> Set.of("x-custom", "keep-alive", "proxy-connection", "te", "trailer", "upgrade")
                        .contains(n.toLowerCase(Locale.ROOT)));
        assertThat(connectionTokens(seen)).as("Connection tokens at the origin").isSubsetOf(OWN_CONNECTION_TOKENS);
        assertThat(seen.get("X-End-To-End")).isEqualTo("kept");
    }

    @Test
    @DisplayName("hop-by-hop response headers from the origin (and those its Connection names) do not reach the client")
    default void hopByHopResponseHeadersDoNotReachClient() throws Exception {
        RawResponse r = proxy().exchange(RawRequest.get(RECORDED + "/x" + RecordingOrigin.HOP_BY_HOP_SUFFIX));
        assertThat(r.status()).isEqualTo(200);
        MapHeaders h = r.headers();
        assertThat(h.contains(RecordingOrigin.ORIGIN_PRIVATE_HEADER))
                .as("%s reached the client:\n%s", RecordingOrigin.ORIGIN_PRIVATE_HEADER, h)
                .isFalse();
        assertThat(h.contains("Proxy-Connection"))
                .as("Proxy-Connection reached the client:\n%s", h)
                .isFalse();
        assertThat(h.contains("Trailer"))
                .as("Trailer reached the client:\n%s", h)
                .isFalse();
        assertThat(h.contains("Upgrade"))
                .as("Upgrade reached the client:\n%s", h)
                .isFalse();
        assertThat(h.getAll("Keep-Alive"))
                .as("the origin's Keep-Alive reached the client")
                .doesNotContain("timeout=30, max=100");
        assertThat(connectionTokens(h)).as("Connection tokens at the client").isSubsetOf(OWN_CONNECTION_TOKENS);
        assertThat(r.header("X-Recorded-Method"))
                .as("end-to-end response header")
                .isEqualTo("GET");
        assertThat(r.bodyText()).isEqualTo("recorded\n");
    }

    @Test
    @DisplayName("X-Forwarded-For/-Proto/-Host and Via are added for the origin")
    default void forwardedHeadersAreAdded() throws Exception {
        proxy().exchange(RawRequest.get(RECORDED + "/forwarded/fresh"));
        RecordedRequest seen = recorder().lastWith("/forwarded/fresh");
        assertThat(seen.header("X-Forwarded-For")).as("X-Forwarded-For").isEqualTo("127.0.0.1");
        assertThat(seen.header("X-Forwarded-Proto")).as("X-Forwarded-Proto").isEqualTo(scheme());
        assertThat(seen.header("X-Forwarded-Host")).as("X-Forwarded-Host").isEqualTo(RawRequest.DEFAULT_HOST);
        assertThat(seen.header("Via")).as("Via").isEqualTo("1.1 " + ProxyConformanceSuite.VIA_NAME);
    }

    @Test
    @DisplayName("X-Forwarded-For and Via from the client are appended to, not replaced")
    default void forwardedChainsAreAppended() throws Exception {
        proxy().exchange(RawRequest.get(RECORDED + "/forwarded/chain")
                .header("X-Forwarded-For", "203.0.113.7")
                .header("Via", "1.0 upstream-cache"));
        RecordedRequest seen = recorder().lastWith("/forwarded/chain");
        assertThat(seen.headers().getAll("X-Forwarded-For"))
                .as("X-Forwarded-For")
                .containsExactly("203.0.113.7, 127.0.0.1");
        assertThat(seen.headers().getAll("Via"))
                .as("Via")
                .containsExactly("1.0 upstream-cache, 1.1 " + ProxyConformanceSuite.VIA_NAME);
    }

    @Test
    @DisplayName("responses carry Via naming the proxy")
    default void responsesCarryVia() throws Exception {
        RawResponse r = proxy().exchange(OriginRequests.payload(16));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Via"))
                .as("Via on the response")
                .isNotNull()
                .endsWith("1.1 " + ProxyConformanceSuite.VIA_NAME);
    }

    private static List<String> connectionTokens(MapHeaders headers) {
        List<String> tokens = new ArrayList<>();
        for (String v : headers.getAll("Connection")) {
            for (String t : v.split(",")) {
                if (!t.isBlank()) {
                    tokens.add(t.trim().toLowerCase(Locale.ROOT));
                }
            }
        }
        return tokens;
    }
}
