package io.proxybench.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HopByHopHeadersTest {

    @Test
    void stripsFixedHopByHopHeadersAndThoseConnectionNames() {
        Headers h = new MapHeaders()
                .add("Connection", "keep-alive, X-Session-Token")
                .add("connection", "Upgrade")
                .add("X-Session-Token", "secret")
                .add("Keep-Alive", "timeout=5")
                .add("Proxy-Connection", "keep-alive")
                .add("TE", "trailers")
                .add("Trailer", "Expires")
                .add("Upgrade", "websocket")
                .add("Transfer-Encoding", "chunked")
                .add("Accept", "*/*")
                .add("X-Request-Id", "42");
        HopByHopHeaders.strip(h);
        assertThat(h.names()).containsExactlyInAnyOrder("Accept", "X-Request-Id");
    }

    @Test
    void everyFixedNameIsRecognisedAndNothingElse() {
        for (String name : HopByHopHeaders.FIXED) {
            org.assertj.core.api.Assertions.assertThat(HopByHopHeaders.isFixed(name.toUpperCase(java.util.Locale.ROOT)))
                    .as(name)
                    .isTrue();
        }
        assertThat(HopByHopHeaders.isFixed("Content-Length")).isFalse();
        assertThat(HopByHopHeaders.isFixed("Tf")).isFalse();
        assertThat(HopByHopHeaders.isFixed("X-Connection")).isFalse();
    }

    @Test
    void aLongConnectionListStripsEveryNamedHeaderInAnyCaseAndKeepsTheRest() {
        StringBuilder list = new StringBuilder("keep-alive");
        MapHeaders h = new MapHeaders();
        for (int i = 0; i < 1300; i++) {
            list.append(", X-Listed-").append(i);
            h.add(i % 2 == 0 ? "x-listed-" + i : "X-LISTED-" + i, "v");
            if (i % 100 == 0) {
                h.add("X-Kept-" + i, "k");
            }
        }
        h.add("Connection", list.toString()).add("TE", "trailers").add("X-Listed", "not named");
        HopByHopHeaders.strip(h);
        assertThat(h.toString())
                .isEqualTo(IntStream.range(0, 13)
                                .mapToObj(i -> "X-Kept-" + i * 100 + ": k\n")
                                .collect(Collectors.joining())
                        + "X-Listed: not named\n");
    }

    @Test
    void stripKeepsTheOrderOfWhatRemains() {
        MapHeaders h = new MapHeaders()
                .add("A", "1")
                .add("TE", "x")
                .add("B", "2")
                .add("Connection", "c")
                .add("C", "3")
                .add("c", "4");
        HopByHopHeaders.strip(h);
        assertThat(h.toString()).isEqualTo("A: 1\nB: 2\n");
    }

    @Test
    void closeTokenIsFoundCaseInsensitively() {
        assertThat(HopByHopHeaders.requestsClose(new MapHeaders().add("Connection", "Keep-Alive, CLOSE")))
                .isTrue();
        assertThat(HopByHopHeaders.requestsClose(new MapHeaders().add("Connection", "keep-alive")))
                .isFalse();
        assertThat(HopByHopHeaders.requestsClose(new MapHeaders())).isFalse();
    }

    @Test
    void forwardedHeadersAppendToWhatEarlierProxiesAdded() {
        Headers h = new MapHeaders()
                .add("Host", "shop.example:8080")
                .add("X-Forwarded-For", "203.0.113.7")
                .add("Via", "1.1 lb");
        ForwardedHeaders.apply(h, "127.0.0.9", "http", "proxybench", "1.1");
        assertThat(h.get("X-Forwarded-For")).isEqualTo("203.0.113.7, 127.0.0.9");
        assertThat(h.get("X-Forwarded-Proto")).isEqualTo("http");
        assertThat(h.get("X-Forwarded-Host")).isEqualTo("shop.example:8080");
        assertThat(h.get("Via")).isEqualTo("1.1 lb, 1.1 proxybench");
    }

    @Test
    void forwardedHeadersStartFreshWithoutEarlierProxies() {
        Headers h = new MapHeaders().add("Host", "a");
        ForwardedHeaders.apply(h, "127.0.0.1", "http", "pb", "1.0");
        assertThat(h.get("X-Forwarded-For")).isEqualTo("127.0.0.1");
        assertThat(h.get("Via")).isEqualTo("1.0 pb");
    }

    @Test
    void errorMappingMatchesWhatClientsExpect() {
        assertThat(ProxyError.CONNECT.status()).isEqualTo(502);
        assertThat(ProxyError.TIMEOUT.status()).isEqualTo(504);
        assertThat(ProxyError.HEADER_TOO_LARGE.status()).isEqualTo(431);
        assertThat(ProxyError.REQUEST_SMUGGLING.status()).isEqualTo(400);
        assertThat(new String(ProxyError.TIMEOUT.body())).isEqualTo("origin timed out\n");
        assertThat(ProxyError.RESET.metricName()).isEqualTo("proxy.errors.reset");
    }
}
