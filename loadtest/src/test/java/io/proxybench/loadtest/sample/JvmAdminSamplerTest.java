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
        JvmTotals figures = JvmAdminSampler.parse(json);
        assertThat(figures.gcCount()).isEqualTo(12);
        assertThat(figures.gcTimeMs()).isEqualTo(139);
        assertThat(figures.heapUsedBytes()).isEqualTo(13874536.0);
    }

    @Test
    void sumsEveryCollector() throws IOException {
        JvmTotals figures = JvmAdminSampler.parse(METRICS);
        assertThat(figures.gcCount()).isEqualTo(43);
        assertThat(figures.gcTimeMs()).isEqualTo(325);
        assertThat(figures.heapUsedMb()).isCloseTo(250.0, within(1e-9));
    }

    @Test
    void gcRateIsTimeDeltaPerSecond() {
        JvmTotals before = new JvmTotals(325, 43, null, 1200.0);
        JvmTotals after = new JvmTotals(360, 50, null, 1230.0);
        assertThat(after.since(before, 10.0).gcMsPerSec()).isCloseTo(3.5, within(1e-9));
        assertThat(after.since(before, 10.0).gcCount()).isEqualTo(7);
        // 30 ms of JIT compilation in 10 s
        assertThat(after.since(before, 10.0).jitMsPerSec()).isCloseTo(3.0, within(1e-9));
        assertThat(after.heapUsedMb()).isNull();
        // a proxy that does not publish JIT time has no JIT figure, not zero
        assertThat(new JvmTotals(360, 50, null, null).since(before, 10.0).jitMsPerSec())
                .isNull();
    }

    @Test
    void aJvmWithoutGcMetricsReadsAsZeroCollections() throws IOException {
        JvmTotals figures = JvmAdminSampler.parse("{\"gauges\":{}}");
        assertThat(figures.gcCount()).isZero();
        assertThat(figures.heapUsedBytes()).isNull();
        assertThat(figures.jitTimeMs()).isNull();
    }

    @Test
    void readsTheJitCompileTime() throws IOException {
        JvmTotals figures = JvmAdminSampler.parse("{\"gauges\":{\"jvm.compilation.time\":{\"value\":4321}}}");
        assertThat(figures.jitTimeMs()).isEqualTo(4321.0);
    }
}
