package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.results.StepRecord.OriginFaults;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * stub-origin's own figures from {@code GET /_origin/stats} (its {@code OriginStats} as JSON):
 * {@code requests} and {@code faults} by kind, totals since the origin started, and its JIT's total
 * compile time (the origin is a JVM too: a warm-up that ends while it still compiles measures its
 * warming as the proxy's latency). A kind the origin does not report reads as null, so an older
 * origin is told apart from one that injected nothing.
 */
public final class OriginStatsReader {

    public static final String PATH = "/_origin/stats";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AdminGet admin;

    public OriginStatsReader(Duration timeout) {
        this.admin = new AdminGet(timeout);
    }

    /** @param stats the origin's {@link #PATH} as the kit reaches it */
    public OriginFaults read(URI stats) throws IOException {
        return parse(admin.bodyKeepingInterrupt(stats));
    }

    /** Milliseconds the origin's JIT compiled since it started. */
    public double compilationTimeMs(URI stats) throws IOException {
        return compilationTimeMs(admin.bodyKeepingInterrupt(stats));
    }

    /** An origin built before it published the figure, or a JVM that does not track it, has none. */
    static double compilationTimeMs(String json) throws IOException {
        JsonNode value = JSON.readTree(json).get("compilationTimeMs");
        if (value == null || !value.isNumber()) {
            throw new IOException("no compilationTimeMs in the origin's stats");
        }
        return value.asDouble();
    }

    public static OriginFaults parse(String json) throws IOException {
        JsonNode root = JSON.readTree(json);
        JsonNode faults = root.path("faults");
        return new OriginFaults(
                count(root, "requests"),
                count(faults, "status-500"),
                count(faults, "reset"),
                count(faults, "close-mid-body"),
                count(faults, "garbage"),
                count(faults, "stall"),
                count(faults, "slow-body"));
    }

    private static Long count(JsonNode node, String name) {
        JsonNode value = node.get(name);
        return value == null || !value.isNumber() ? null : value.asLong();
    }
}
