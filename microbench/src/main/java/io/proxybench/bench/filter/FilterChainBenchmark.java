package io.proxybench.bench.filter;

import io.proxybench.bench.MicroBenchmark;
import io.proxybench.core.filter.FilterChain;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import io.proxybench.core.http.MapHeaders;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of running the inbound chain per request: the price every request pays for the filter
 * API, with synchronous filters that each read and write one header (the common case).
 */
@State(Scope.Thread)
public class FilterChainBenchmark extends MicroBenchmark {

    @Param({"0", "1", "4", "8"})
    public int filters;

    private FilterChain chain;
    private final InetSocketAddress client = new InetSocketAddress("127.0.0.1", 40000);

    /** A typical cheap filter: look at one header, set another. */
    public static final class HeaderTagFilter implements ProxyFilter {
        private final String name;

        HeaderTagFilter(int i) {
            this.name = "X-Tag-" + i;
        }

        @Override
        public FilterPhase phase() {
            return FilterPhase.INBOUND;
        }

        @Override
        public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
            if (exchange.requestHeaders().get("User-Agent") != null) {
                exchange.requestHeaders().set(name, "1");
            }
            return FilterOutcome.proceedNow();
        }
    }

    @Setup
    public void setUp() {
        List<ProxyFilter> list = new ArrayList<>();
        for (int i = 0; i < filters; i++) {
            list.add(new HeaderTagFilter(i));
        }
        chain = FilterChain.of(FilterPhase.INBOUND, list);
    }

    @Benchmark
    public FilterOutcome runInboundChain() {
        MapHeaders headers = new MapHeaders()
                .add("Host", "127.0.0.1:8080")
                .add("User-Agent", "wrk")
                .add("Accept", "*/*");
        ProxyExchange exchange = new ProxyExchange("GET", "/", "HTTP/1.1", headers, client);
        return chain.run(exchange).toCompletableFuture().join();
    }

    public static void main(String[] args) throws Exception {
        run(FilterChainBenchmark.class);
    }
}
