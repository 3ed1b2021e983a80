package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JvmAdminSamplerTest {

    /** Dropwizard metrics-json layout with two collectors that both ran. */
    static final String METRICS = """
            {"version":"4.0.0",
             "gauges":{"jvm.gc.PS-MarkSweep.count":{"value":2},"jvm.gc.PS-MarkSweep.time":{"value":95},
                       "jvm.gc.PS-Scavenge.count":{"value":41},"jvm.gc.PS-Scavenge.time":{"value":230},
                       "jvm.memory.heap.used":{"value":262144000},"jvm.memory.heap.usage":{"value":0.17},
                       "jvm.threads.count":{"value":23},"proxy.connections.client.active":{"value":700}},
             "counters":{"proxy.eventloop.blocked":{"count":0}},
             "histograms":{},"meters":{},"timers":{"proxy.requests":{"count":130000,"p99":0.06}}}
            """;

    @Test
    void readsARealProxyNettyMetricsPage() throws IOException {
        // captured from proxy-netty's admin /metrics after 3 s of load with an 8 MiB young generation
        String json;
        try (InputStream in = JvmAdminSamplerTest.class.getResourceAsStream("/admin-metrics-netty.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JvmAdminSampler.JvmFigures figures = JvmAdminSampler.parse(json);
        assertThat(figures.gcCount()).isEqualTo(12);
        assertThat(figures.gcTimeMs()).isEqualTo(139);
        assertThat(figures.heapUsedBytes()).isEqualTo(13874536.0);
    }

    @Test
    void sumsEveryCollector() throws IOException {
        JvmAdminSampler.JvmFigures figures = JvmAdminSampler.parse(METRICS);
        assertThat(figures.gcCount()).isEqualTo(43);
        assertThat(figures.gcTimeMs()).isEqualTo(325);
        assertThat(figures.heapUsedMb()).isCloseTo(250.0, within(1e-9));
    }

    @Test
    void gcRateIsTimeDeltaPerSecond() {
        JvmAdminSampler.JvmFigures before = new JvmAdminSampler.JvmFigures(325, 43, null);
        JvmAdminSampler.JvmFigures after = new JvmAdminSampler.JvmFigures(360, 50, null);
        assertThat(after.gcMsPerSecSince(before, 10.0)).isCloseTo(3.5, within(1e-9));
        assertThat(after.heapUsedMb()).isNull();
    }

    @Test
    void aJvmWithoutGcMetricsReadsAsZeroCollections() throws IOException {
        JvmAdminSampler.JvmFigures figures = JvmAdminSampler.parse("{\"gauges\":{}}");
        assertThat(figures.gcCount()).isZero();
        assertThat(figures.heapUsedBytes()).isNull();
    }
}
