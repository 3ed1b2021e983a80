package io.proxybench.loadtest.sample;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JVM front end's origin pool and error counts from its admin {@code /metrics} once the load is
 * off: the pool gauges ({@code proxy.connections.origin.active}, {@code .idle}), the pool's counters
 * ({@code proxy.connections.origin.opened}, {@code proxy.origin.pool.*}), every {@code proxy.errors.*}
 * counter and the {@code proxy.responses.*} meters (proxy-core's {@code MetricNames}), as totals
 * since the proxy started. It waits for the pool to settle, so that a run can show "pool back to idle".
 */
public final class OriginPoolReader {

    public static final String ACTIVE = "proxy.connections.origin.active";
    public static final String IDLE = "proxy.connections.origin.idle";
    /** Milliseconds from the end of the load until the pool had no active connection, or the wait's limit. */
    public static final String QUIET_MS = "quietMs";

    private static final Duration POLL = Duration.ofMillis(250);

    private final AdminGet admin;

    public OriginPoolReader(Duration timeout) {
        this.admin = new AdminGet(timeout);
    }

    /**
     * Reads until no origin connection is active (a stalled origin answer holds one until the proxy's
     * origin read timeout) or {@code limit} has passed, and returns the last reading with {@link #QUIET_MS}.
     */
    public Map<String, Long> awaitQuiet(URI metrics, Duration limit) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + limit.toNanos();
        while (true) {
            Map<String, Long> reading = parse(admin.body(metrics));
            long now = System.nanoTime();
            Long active = reading.get(ACTIVE);
            if (active == null || active == 0 || now >= deadline) {
                reading.put(QUIET_MS, (now - start) / 1_000_000);
                return reading;
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** The pool and error figures of a Dropwizard JSON document, by metric name, in a stable order. */
    public static Map<String, Long> parse(String json) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        MetricsDocument.forEachFigure(json, MetricsDocument.ALL_SECTIONS, (name, value) -> {
            if (wanted(name)) {
                out.put(name, value.asLong());
            }
        });
        return out;
    }

    private static boolean wanted(String name) {
        return name.startsWith("proxy.connections.origin.")
                || name.startsWith("proxy.origin.pool.")
                || name.startsWith("proxy.errors.")
                || name.startsWith("proxy.responses.");
    }
}
