package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The stub origin's total JIT compile time, from {@code compilationTimeMs} of its
 * {@code /_origin/stats}: the origin is a JVM too, and a warm-up that ends while it still compiles
 * measures its warming as the proxy's latency.
 */
public final class OriginJitReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final Duration timeout;

    public OriginJitReader(Duration timeout) {
        this.timeout = timeout;
    }

    /** Milliseconds compiled since the origin started. */
    public double read(URI stats) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(stats).timeout(timeout).GET().build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException(stats + " answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** An origin built before it published the figure, or a JVM that does not track it, has none. */
    static double parse(String json) throws IOException {
        JsonNode value = JSON.readTree(json).get("compilationTimeMs");
        if (value == null || !value.isNumber()) {
            throw new IOException("no compilationTimeMs in the origin's stats");
        }
        return value.asDouble();
    }
}
