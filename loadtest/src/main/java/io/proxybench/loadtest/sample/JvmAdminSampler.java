package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import io.proxybench.loadtest.results.JvmFigures;
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
     * The admin route read, once a second during steps: the full {@code /metrics} evaluates every
     * gauge and cost a proxy about 13 ms of CPU per read, tens of microseconds per request at ten
     * connections; this one serves only the figures parsed here.
     */
    public static final String PATH = "/metrics/jvm";

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

    /** Dropwizard's GC set registers gauges; a counter of the same name is accepted too. */
    private static final String[] SECTIONS = {"gauges", "counters"};

    private final AdminGet admin;

    public JvmAdminSampler(Duration timeout) {
        this.admin = new AdminGet(timeout);
    }

    public Totals read(URI metrics) throws IOException {
        return parse(admin.bodyKeepingInterrupt(metrics));
    }

    public static Totals parse(String json) throws IOException {
        Sums sums = new Sums();
        MetricsDocument.forEachFigure(json, SECTIONS, sums::add);
        return new Totals(sums.gcTimeMs, sums.gcCount, sums.heapUsedBytes, sums.jitTimeMs);
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
