package io.proxybench.core.filter.requestid;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.http.MapHeaders;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestIdFiltersTest {

    private final RequestIdFilter assign = new RequestIdFilter();
    private final RequestIdEchoFilter echo = new RequestIdEchoFilter();

    @Test
    void aRequestWithoutAnIdGetsAFreshOne() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            ProxyExchange exchange = exchange(new MapHeaders());
            assign.apply(exchange);
            assertThat(exchange.requestHeaders().getAll(RequestIdFilter.HEADER))
                    .singleElement()
                    .asString()
                    .matches("[0-9a-f]{32}");
            ids.add(exchange.requestHeaders().get(RequestIdFilter.HEADER));
        }
        assertThat(ids).hasSize(1000);
    }

    @Test
    void aWellFormedClientIdIsKept() {
        String longest = "a".repeat(RequestIdFilter.MAX_LENGTH);
        for (String id : new String[] {"abc-123_x.y:Z", "7", longest}) {
            ProxyExchange exchange = exchange(new MapHeaders().set(RequestIdFilter.HEADER, id));
            assign.apply(exchange);
            assertThat(exchange.requestHeaders().getAll(RequestIdFilter.HEADER)).containsExactly(id);
        }
    }

    @Test
    void anythingElseTheClientSentIsReplacedByOneFreshId() {
        String tooLong = "a".repeat(RequestIdFilter.MAX_LENGTH + 1);
        for (String id : new String[] {"", "two words", "semi;colon", "bell\u0007", "é", tooLong}) {
            ProxyExchange exchange = exchange(new MapHeaders().set(RequestIdFilter.HEADER, id));
            assign.apply(exchange);
            assertThat(exchange.requestHeaders().getAll(RequestIdFilter.HEADER))
                    .as(id)
                    .singleElement()
                    .asString()
                    .matches("[0-9a-f]{32}");
        }
        ProxyExchange twice =
                exchange(new MapHeaders().add(RequestIdFilter.HEADER, "a").add(RequestIdFilter.HEADER, "b"));
        assign.apply(twice);
        assertThat(twice.requestHeaders().getAll(RequestIdFilter.HEADER))
                .singleElement()
                .asString()
                .matches("[0-9a-f]{32}");
    }

    @Test
    void theResponseCarriesTheIdTheOriginWasSent() {
        ProxyExchange exchange = exchange(new MapHeaders());
        assign.apply(exchange);
        exchange.setResponse(200, new MapHeaders().set(RequestIdFilter.HEADER, "origin-made-its-own"));
        echo.apply(exchange);
        assertThat(exchange.responseHeaders().getAll(RequestIdFilter.HEADER))
                .containsExactly(exchange.requestHeaders().get(RequestIdFilter.HEADER));
    }

    @Test
    void withoutTheInboundFilterOnlyAWellFormedClientIdIsEchoed() {
        ProxyExchange none = exchange(new MapHeaders());
        none.setResponse(200, new MapHeaders());
        echo.apply(none);
        assertThat(none.responseHeaders().contains(RequestIdFilter.HEADER)).isFalse();

        ProxyExchange bad = exchange(new MapHeaders().set(RequestIdFilter.HEADER, "two words"));
        bad.setResponse(200, new MapHeaders());
        echo.apply(bad);
        assertThat(bad.responseHeaders().contains(RequestIdFilter.HEADER)).isFalse();

        ProxyExchange good = exchange(new MapHeaders().set(RequestIdFilter.HEADER, "client-1"));
        good.setResponse(200, new MapHeaders());
        echo.apply(good);
        assertThat(good.responseHeaders().getAll(RequestIdFilter.HEADER)).containsExactly("client-1");
    }

    private static ProxyExchange exchange(MapHeaders requestHeaders) {
        return new ProxyExchange("GET", "/", "HTTP/1.1", requestHeaders, new InetSocketAddress("127.0.0.1", 40000));
    }
}
