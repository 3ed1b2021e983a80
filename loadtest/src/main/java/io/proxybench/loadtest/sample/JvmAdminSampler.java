package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.results.JvmFigures;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;

/**
 * A JVM front end's own figures from its admin {@code /metrics} (Dropwizard JSON): the sum of every
 * {@code jvm.gc.<collector>.time} and {@code .count}, {@code jvm.memory.heap.used}, and the JIT's
 * {@code jvm.compilation.time} (proxy-core's {@code MetricNames}).
 */
public final class JvmAdminSampler {

    /**
     * Totals since the JVM started; {@code heapUsedBytes} and {@code jitTimeMs} are null when not
     * published (JIT time: by proxies built before it was).
     */
    public record Totals(double gcTimeMs, long gcCount, Double heapUsedBytes, Double jitTimeMs) {

        /** The step's or the second's figures: rates and counts since {@code earlier}, the heap as now. */
        public JvmFigures since(Totals earlier, double seconds) {
            return new JvmFigures(perSecond(gcTimeMs, earlier.gcTimeMs, seconds), gcCount - earlier.gcCount,
                    heapUsedMb(), jitTimeMs == null || earlier.jitTimeMs == null ? null
                            : perSecond(jitTimeMs, earlier.jitTimeMs, seconds));
        }

        /** Only the heap: what a first reading, with nothing earlier to compare, tells. */
        public JvmFigures heapOnly() {
            return new JvmFigures(null, null, heapUsedMb(), null);
        }

        public Double heapUsedMb() {
            return heapUsedBytes == null ? null : heapUsedBytes / (1024.0 * 1024.0);
        }

        private static Double perSecond(double now, double before, double seconds) {
            return seconds > 0 ? (now - before) / seconds : null;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final Duration timeout;

    public JvmAdminSampler(Duration timeout) {
        this.timeout = timeout;
    }

    public Totals read(URI metrics) throws IOException {
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

    public static Totals parse(String json) throws IOException {
        JsonNode root = JSON.readTree(json);
        double gcTime = 0;
        long gcCount = 0;
        Double heapUsed = null;
        Double jitTime = null;
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
                } else if (name.equals("jvm.compilation.time")) {
                    jitTime = value.asDouble();
                }
            }
        }
        return new Totals(gcTime, gcCount, heapUsed, jitTime);
    }
}
