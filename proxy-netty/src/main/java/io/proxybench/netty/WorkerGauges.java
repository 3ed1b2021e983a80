package io.proxybench.netty;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.metrics.MetricNames;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The worker layout a server resolved, for its start line and its metrics: the counts, the cores
 * they were sized for, and so the ratio, which is what the {@code reference} profile keeps from the
 * write-up. The load-test kit reads the gauges to record both.
 */
final class WorkerGauges {

    static final String PREFIX = MetricNames.FRONT_END_PREFIX + "netty.workers.";
    static final String INBOUND = PREFIX + "inbound";
    static final String STAGE = PREFIX + "stage";
    static final String OUTBOUND = PREFIX + "outbound";
    static final String CORES = PREFIX + "cores";

    private WorkerGauges() {}

    static void register(MetricRegistry registry, ProxyConfig config, int cores) {
        int inbound = config.get(NettyConfigKeys.WORKERS_INBOUND);
        int stage = config.get(NettyConfigKeys.WORKERS_STAGE);
        int outbound = config.get(NettyConfigKeys.WORKERS_OUTBOUND);
        registry.register(INBOUND, (Gauge<Integer>) () -> inbound);
        registry.register(STAGE, (Gauge<Integer>) () -> stage);
        registry.register(OUTBOUND, (Gauge<Integer>) () -> outbound);
        registry.register(CORES, (Gauge<Integer>) () -> cores);
    }

    /** E.g. {@code 0.5/1/0.5 per core of 2 cores, from profile reference}. */
    static String describe(ProxyConfig config, int cores) {
        String from = config.sources().getOrDefault(NettyConfigKeys.WORKERS_STAGE.name(), "default");
        return perCore(config.get(NettyConfigKeys.WORKERS_INBOUND), cores) + "/"
                + perCore(config.get(NettyConfigKeys.WORKERS_STAGE), cores) + "/"
                + perCore(config.get(NettyConfigKeys.WORKERS_OUTBOUND), cores)
                + " per core of " + cores + " cores, from " + from;
    }

    private static String perCore(int count, int cores) {
        return BigDecimal.valueOf(count)
                .divide(BigDecimal.valueOf(cores), 2, RoundingMode.HALF_UP)
                .stripTrailingZeros()
                .toPlainString();
    }
}
