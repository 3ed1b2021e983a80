package io.proxybench.core.metrics;

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
    private final CollectorRegistry prometheus = new CollectorRegistry();

    public MetricsRenderer(MetricRegistry registry) {
        this.registry = registry;
        this.json = new ObjectMapper().registerModule(
                new MetricsModule(TimeUnit.SECONDS, TimeUnit.MILLISECONDS, false, MetricFilter.ALL));
        new DropwizardExports(registry).register(prometheus);
    }

    public byte[] json() {
        try {
            return json.writeValueAsBytes(registry);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
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
