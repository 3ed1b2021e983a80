package io.proxybench.bench.http;

import io.proxybench.bench.MicroBenchmark;
import io.proxybench.core.http.HopByHopHeaders;
import io.proxybench.core.http.MapHeaders;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A hostile head: {@code headers} headers, every one of them also named in {@code Connection}.
 * An 8 KiB head holds about 1,300 of each; {@code limits.maxHeaderSize} may allow far more. What
 * stripping costs per such request must grow with the head, not with headers × tokens.
 */
@State(Scope.Thread)
public class ConnectionListingBenchmark extends MicroBenchmark {

    @Param({"10", "100", "1300"})
    public int headers;

    private String connection;

    @Setup
    public void listEveryHeader() {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < headers; i++) {
            list.append(i == 0 ? "" : ",").append('h').append(i);
        }
        connection = list.toString();
    }

    private MapHeaders head() {
        MapHeaders h = new MapHeaders().add("Connection", connection);
        for (int i = 0; i < headers; i++) {
            h.add(i % 2 == 0 ? "h" + i : "H" + i, "v");
        }
        return h;
    }

    @Benchmark
    public MapHeaders stripListedHeaders() {
        MapHeaders h = head();
        HopByHopHeaders.strip(h);
        return h;
    }

    /** Baseline: building the head alone, to subtract from the one above. */
    @Benchmark
    public MapHeaders buildOnly() {
        return head();
    }

    public static void main(String[] args) throws Exception {
        run(ConnectionListingBenchmark.class);
    }
}
