package io.proxybench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.Gauge;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.admin.AdminResponse;
import io.proxybench.core.http.ProxyError;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MetricsRendererTest {

    private final ProxyMetrics metrics = new ProxyMetrics();
    private final MetricsRenderer renderer = new MetricsRenderer(metrics.registry());

    @Test
    void jsonHasTheSharedLayoutAndJvmFigures() throws Exception {
        metrics.requests().update(52, TimeUnit.MILLISECONDS);
        metrics.response(200);
        metrics.error(ProxyError.TIMEOUT);
        JsonNode root = new ObjectMapper().readTree(renderer.json());
        assertThat(root.path("timers").path(MetricNames.REQUESTS).path("count").asLong())
                .isEqualTo(1);
        assertThat(root.path("timers").path(MetricNames.REQUESTS).path("p50").asDouble())
                .isBetween(51.0, 53.0);
        assertThat(root.path("meters").path("proxy.responses.2xx").path("count").asLong())
                .isEqualTo(1);
        assertThat(root.path("counters")
                        .path("proxy.errors.timeout")
                        .path("count")
                        .asLong())
                .isEqualTo(1);
        assertThat(root.path("counters").has("proxy.errors.connect"))
                .as("registered before first use")
                .isTrue();
        assertThat(root.path("gauges")
                        .path("jvm.memory.heap.used")
                        .path("value")
                        .asLong())
                .isPositive();
        assertThat(root.path("gauges").fieldNames())
                .toIterable()
                .anyMatch(n -> n.startsWith("jvm.gc.") && n.endsWith(".time"));
        assertThat(root.path("gauges").fieldNames()).toIterable().anyMatch(n -> n.startsWith("jvm.buffers.direct."));
        assertThat(root.path("gauges").has("jvm.threads.count")).isTrue();
        // HotSpot counts JIT time; the kit's JIT ms/s is the rate of this total
        assertThat(root.path("gauges")
                        .path("jvm.compilation.time")
                        .path("value")
                        .isIntegralNumber())
                .isTrue();
    }

    @Test
    void jvmJsonHoldsTheSampledFiguresAndEvaluatesNoOtherGauge() throws Exception {
        AtomicInteger otherGaugeReads = new AtomicInteger();
        metrics.registry().register("jvm.threads.expensive", (Gauge<Integer>) otherGaugeReads::incrementAndGet);
        metrics.requests().update(52, TimeUnit.MILLISECONDS);
        JsonNode root = new ObjectMapper().readTree(renderer.jvmJson());
        JsonNode gauges = root.path("gauges");
        assertThat(gauges.path(MetricNames.JVM_HEAP_USED).path("value").asLong())
                .isPositive();
        assertThat(gauges.path(MetricNames.JVM_COMPILATION_TIME).path("value").isIntegralNumber())
                .isTrue();
        assertThat(gauges.fieldNames())
                .toIterable()
                .anyMatch(n -> n.startsWith("jvm.gc.") && n.endsWith(".time"))
                .anyMatch(n -> n.startsWith("jvm.gc.") && n.endsWith(".count"))
                .allMatch(n -> n.startsWith("jvm.gc.")
                        || n.equals(MetricNames.JVM_HEAP_USED)
                        || n.equals(MetricNames.JVM_COMPILATION_TIME));
        assertThat(root.path("timers").size()).as("timers").isZero();
        assertThat(root.path("counters").size()).as("counters").isZero();
        assertThat(otherGaugeReads).as("gauges outside the route are not read").hasValue(0);
        renderer.json();
        assertThat(otherGaugeReads).as("the full document reads them").hasValue(1);
    }

    @Test
    void prometheusTextExposesTheSameMetrics() {
        metrics.requests().update(10, TimeUnit.MILLISECONDS);
        String text = new String(renderer.prometheusText(), StandardCharsets.UTF_8);
        assertThat(text)
                .contains("# TYPE proxy_requests summary")
                .contains("proxy_requests_count 1.0")
                .contains("proxy_errors_timeout")
                .contains("jvm_memory_heap_used");
    }

    @Test
    void adminEndpointsServeHealthMetricsAndNotFound() {
        AtomicBoolean draining = new AtomicBoolean();
        AdminEndpoints admin = new AdminEndpoints(renderer, draining::get);
        assertThat(admin.handle("GET", "/health").status()).isEqualTo(200);
        draining.set(true);
        AdminResponse health = admin.handle("GET", "/health");
        assertThat(health.status()).isEqualTo(503);
        assertThat(new String(health.body(), StandardCharsets.UTF_8)).isEqualTo("draining\n");
        assertThat(admin.handle("GET", "/metrics?pretty").contentType()).isEqualTo("application/json");
        assertThat(admin.handle("GET", "/metrics/jvm").contentType()).isEqualTo("application/json");
        assertThat(admin.handle("GET", "/metrics/prometheus").contentType()).startsWith("text/plain; version=0.0.4");
        assertThat(admin.handle("GET", "/nope").status()).isEqualTo(404);
        assertThat(admin.handle("POST", "/health").status()).isEqualTo(405);
    }
}
