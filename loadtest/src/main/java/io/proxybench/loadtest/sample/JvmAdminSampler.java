package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;

/**
 * GC and heap figures of a JVM front end from its admin {@code /metrics} (Dropwizard JSON):
 * the sum of every {@code jvm.gc.<collector>.time} and {@code .count}, and {@code jvm.memory.heap.used}.
 */
public final class JvmAdminSampler {

    /** Totals since the JVM started; {@code heapUsedBytes} is null when not published. */
    public record JvmFigures(double gcTimeMs, long gcCount, Double heapUsedBytes) {

        public double gcMsPerSecSince(JvmFigures earlier, double seconds) {
            return seconds > 0 ? (gcTimeMs - earlier.gcTimeMs) / seconds : 0;
        }

        public Double heapUsedMb() {
            return heapUsedBytes == null ? null : heapUsedBytes / (1024.0 * 1024.0);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final Duration timeout;

    public JvmAdminSampler(Duration timeout) {
        this.timeout = timeout;
    }

    public JvmFigures read(URI metrics) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(metrics).timeout(timeout).GET().build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException(metrics + " answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    public static JvmFigures parse(String json) throws IOException {
        JsonNode root = JSON.readTree(json);
        double gcTime = 0;
        long gcCount = 0;
        Double heapUsed = null;
        // Dropwizard's GC set registers gauges; a counter of the same name is accepted too
        for (String section : new String[] {"gauges", "counters"}) {
            for (Iterator<Map.Entry<String, JsonNode>> it = root.path(section).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = e.getKey();
                JsonNode value = e.getValue().has("value") ? e.getValue().get("value") : e.getValue().get("count");
                if (value == null || !value.isNumber()) {
                    continue;
                }
                if (name.startsWith("jvm.gc.") && name.endsWith(".time")) {
                    gcTime += value.asDouble();
                } else if (name.startsWith("jvm.gc.") && name.endsWith(".count")) {
                    gcCount += value.asLong();
                } else if (name.equals("jvm.memory.heap.used")) {
                    heapUsed = value.asDouble();
                }
            }
        }
        return new JvmFigures(gcTime, gcCount, heapUsed);
    }
}
