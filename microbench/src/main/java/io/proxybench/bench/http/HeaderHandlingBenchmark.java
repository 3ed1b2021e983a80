package io.proxybench.bench.http;

import io.proxybench.bench.MicroBenchmark;
import io.proxybench.core.http.ForwardedHeaders;
import io.proxybench.core.http.HopByHopHeaders;
import io.proxybench.core.http.MapHeaders;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The per-request header work both front ends do on the way to the origin: strip hop-by-hop
 * headers, add X-Forwarded-* and Via. Measured on a realistic browser-like header block.
 */
@State(Scope.Thread)
public class HeaderHandlingBenchmark extends MicroBenchmark {

    private static MapHeaders browserRequest() {
        return new MapHeaders()
                .add("Host", "shop.example:8080")
                .add("User-Agent", "Mozilla/5.0 (X11; Linux x86_64)")
                .add("Accept", "text/html,application/xhtml+xml")
                .add("Accept-Language", "en-GB,en;q=0.9")
                .add("Accept-Encoding", "gzip, deflate")
                .add("Connection", "keep-alive")
                .add("Cookie", "session=abc123; theme=dark")
                .add("X-Request-Id", "7f1c2a")
                .add("Upgrade-Insecure-Requests", "1")
                .add("Cache-Control", "max-age=0");
    }

    @Benchmark
    public MapHeaders stripHopByHop() {
        MapHeaders h = browserRequest();
        HopByHopHeaders.strip(h);
        return h;
    }

    @Benchmark
    public MapHeaders stripAndForward() {
        MapHeaders h = browserRequest();
        HopByHopHeaders.strip(h);
        ForwardedHeaders.apply(h, "127.0.0.1", "http", "proxybench", "1.1");
        return h;
    }

    /** Baseline: building the header block alone, to subtract from the two above. */
    @Benchmark
    public MapHeaders buildOnly() {
        return browserRequest();
    }

    public static void main(String[] args) throws Exception {
        run(HeaderHandlingBenchmark.class);
    }
}
