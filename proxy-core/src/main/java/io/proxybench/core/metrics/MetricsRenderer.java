package io.proxybench.core.metrics;

import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.json.MetricsModule;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.prometheus.client.CollectorRegistry;
import io.prometheus.client.dropwizard.DropwizardExports;
import io.prometheus.client.exporter.common.TextFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Renders one registry as Dropwizard JSON and as Prometheus text, with maintained libraries. */
public final class MetricsRenderer {

    private final MetricRegistry registry;
    private final ObjectMapper json;
    private final ObjectMapper jvmJson;
    private final CollectorRegistry prometheus = new CollectorRegistry();

    public MetricsRenderer(MetricRegistry registry) {
        this.registry = registry;
        this.json = jsonWriter(MetricFilter.ALL);
        this.jvmJson = jsonWriter(MetricsRenderer::isJvmFigure);
        new DropwizardExports(registry).register(prometheus);
    }

    /** Dropwizard's JSON layout (rates per second, durations in ms, no samples) of what {@code filter} admits. */
    private static ObjectMapper jsonWriter(MetricFilter filter) {
        return new ObjectMapper()
                .registerModule(new MetricsModule(TimeUnit.SECONDS, TimeUnit.MILLISECONDS, false, filter));
    }

    public byte[] json() {
        return write(json);
    }

    /**
     * Only GC time and count, heap in use and JIT time, in the same JSON layout: what a sampler
     * reading once a second needs. The full document evaluates every gauge, and the thread-state set
     * alone walks all threads several times per read; under light load that read cost the proxy more
     * CPU than the requests it served.
     */
    public byte[] jvmJson() {
        return write(jvmJson);
    }

    private byte[] write(ObjectMapper writer) {
        try {
            return writer.writeValueAsBytes(registry);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean isJvmFigure(String name, Metric metric) {
        return name.startsWith(MetricNames.JVM_GC + ".")
                || name.equals(MetricNames.JVM_HEAP_USED)
                || name.equals(MetricNames.JVM_COMPILATION_TIME);
    }

    public byte[] prometheusText() {
        StringWriter out = new StringWriter(8192);
        try {
            TextFormat.write004(out, prometheus.metricFamilySamples());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static String prometheusContentType() {
        return TextFormat.CONTENT_TYPE_004;
    }
}
