package io.proxybench.core.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    private final RouteTable table = new RouteTable(List.of(
            Route.parse("/=127.0.0.1:9000"),
            Route.parse("/api=127.0.0.1:9001"),
            Route.parse("/api/v2=127.0.0.1:9002,127.0.0.1:9003"),
            Route.parse("/static/=127.0.0.1:9004")));

    @Test
    void longestPrefixWins() {
        assertThat(table.match("/api/v2/users").prefix()).isEqualTo("/api/v2");
        assertThat(table.match("/api/v1/users").prefix()).isEqualTo("/api");
        assertThat(table.match("/api").prefix()).isEqualTo("/api");
        assertThat(table.match("/other").prefix()).isEqualTo("/");
    }

    @Test
    void prefixMatchesOnlyOnSegmentBoundaries() {
        assertThat(table.match("/apiary").prefix()).isEqualTo("/");
        assertThat(table.match("/api/v20").prefix()).isEqualTo("/api");
        assertThat(table.match("/static/logo.png").prefix()).isEqualTo("/static/");
    }

    @Test
    void noRouteWhenNothingMatches() {
        RouteTable apiOnly = new RouteTable(List.of(Route.parse("/api=127.0.0.1:9001")));
        assertThat(apiOnly.match("/")).isNull();
        assertThat(apiOnly.match("/apix")).isNull();
    }

    @Test
    void groupIsRoundRobin() {
        OriginGroup group = table.match("/api/v2").origins();
        List<OriginAddress> picked = List.of(group.next(), group.next(), group.next(), group.next());
        assertThat(picked).extracting(OriginAddress::port).containsExactly(9002, 9003, 9002, 9003);
    }

    @Test
    void roundRobinSpreadsEvenlyAcrossThreads() throws InterruptedException {
        OriginGroup group = new OriginGroup(
                List.of(new OriginAddress("a", 1), new OriginAddress("b", 2), new OriginAddress("c", 3)));
        int[] counts = new int[4];
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 3000; i++) {
                    int port = group.next().port();
                    synchronized (counts) {
                        counts[port]++;
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(counts[1]).isEqualTo(4000);
        assertThat(counts[2]).isEqualTo(4000);
        assertThat(counts[3]).isEqualTo(4000);
    }

    @Test
    void badRoutesAreRejectedWithTheText() {
        assertThatThrownBy(() -> Route.parse("api=127.0.0.1:1")).hasMessageContaining("must start with '/'");
        assertThatThrownBy(() -> Route.parse("/api")).hasMessageContaining("PREFIX=HOST:PORT");
        assertThatThrownBy(() -> Route.parse("/api=localhost")).hasMessageContaining("host:port");
        assertThatThrownBy(() -> Route.parse("/api=localhost:99999")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> Route.parse("/api=")).hasMessageContaining("at least one");
        assertThatThrownBy(() -> new RouteTable(List.of(Route.parse("/a=h:1"), Route.parse("/a=h:2"))))
                .hasMessageContaining("defined twice");
    }

    @Test
    void ipv6OriginsParse() {
        OriginAddress a = OriginAddress.parse("[::1]:8080");
        assertThat(a.host()).isEqualTo("::1");
        assertThat(a.authority()).isEqualTo("[::1]:8080");
    }
}
