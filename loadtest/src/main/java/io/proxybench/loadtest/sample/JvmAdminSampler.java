package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * A JVM front end's own figures from its admin {@code /metrics/jvm} (Dropwizard JSON): the sum of every
 * {@code jvm.gc.<collector>.time} and {@code .count}, {@code jvm.memory.heap.used}, and the JIT's
 * {@code jvm.compilation.time} (proxy-core's {@code MetricNames}).
 */
public final class JvmAdminSampler {

    /**
     * The admin route read at a step's edges, and once a second when the front end publishes no
     * perf-data file here ({@link JvmTotalsReader}): the full {@code /metrics} evaluates every gauge
     * and cost a proxy about 13 ms of CPU per read; this one serves only the figures parsed here.
     */
    public static final String PATH = "/metrics/jvm";

    /** Dropwizard's GC set registers gauges; a counter of the same name is accepted too. */
    private static final String[] SECTIONS = {"gauges", "counters"};

    private final AdminGet admin;

    public JvmAdminSampler(Duration timeout) {
        this.admin = new AdminGet(timeout);
    }

    public JvmTotals read(URI metrics) throws IOException {
        return parse(admin.bodyKeepingInterrupt(metrics));
    }

    public static JvmTotals parse(String json) throws IOException {
        Sums sums = new Sums();
        MetricsDocument.forEachFigure(json, SECTIONS, sums::add);
        return new JvmTotals(sums.gcTimeMs, sums.gcCount, sums.heapUsedBytes, sums.jitTimeMs);
    }

    /** Every collector's time and count summed; the heap and the JIT as published. */
    private static final class Sums {
        private double gcTimeMs;
        private long gcCount;
        private Double heapUsedBytes;
        private Double jitTimeMs;

        void add(String name, JsonNode value) {
            if (name.startsWith("jvm.gc.") && name.endsWith(".time")) {
                gcTimeMs += value.asDouble();
            } else if (name.startsWith("jvm.gc.") && name.endsWith(".count")) {
                gcCount += value.asLong();
            } else if (name.equals("jvm.memory.heap.used")) {
                heapUsedBytes = value.asDouble();
            } else if (name.equals("jvm.compilation.time")) {
                jitTimeMs = value.asDouble();
            }
        }
    }
}
