package io.proxybench.core.metrics;

import com.codahale.metrics.Clock;
import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import com.codahale.metrics.jvm.BufferPoolMetricSet;
import com.codahale.metrics.jvm.GarbageCollectorMetricSet;
import com.codahale.metrics.jvm.MemoryUsageGaugeSet;
import com.codahale.metrics.jvm.ThreadStatesGaugeSet;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.tls.HandshakeFailure;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.EnumMap;
import java.util.Map;

/**
 * The registry of one proxy process, with the shared names registered up front so the layout is
 * the same whether or not a metric has moved yet. Hot-path handles are fields, looked up once.
 */
public final class ProxyMetrics {

    private final MetricRegistry registry;
    private final Timer requests;
    private final Timer originLatency;
    private final Meter[] responsesByClass = new Meter[6];
    private final Counter clientActive;
    private final Counter clientOpened;
    private final Counter clientRejected;
    private final Counter originOpened;
    private final Counter poolWaits;
    private final Counter poolWaitTimeouts;
    private final Counter bytesIn;
    private final Counter bytesOut;
    private final Counter eventLoopBlocked;
    private final Map<ProxyError, Counter> errors = new EnumMap<>(ProxyError.class);
    private final Counter tlsFull;
    private final Counter tlsResumed;
    private final Map<HandshakeFailure, Counter> tlsFailed = new EnumMap<>(HandshakeFailure.class);

    public ProxyMetrics() {
        this(new MetricRegistry());
    }

    public ProxyMetrics(MetricRegistry registry) {
        this.registry = registry;
        requests = registry.timer(MetricNames.REQUESTS, () -> requestTimer(Clock.defaultClock()));
        originLatency = registry.timer(MetricNames.ORIGIN_LATENCY, () -> requestTimer(Clock.defaultClock()));
        for (int c = 1; c <= 5; c++) {
            responsesByClass[c] = registry.meter(MetricNames.RESPONSES_PREFIX + c + "xx", StripedMeter::new);
        }
        clientActive = registry.counter(MetricNames.CLIENT_CONNECTIONS_ACTIVE, StripedCounter::new);
        clientOpened = registry.counter(MetricNames.CLIENT_CONNECTIONS_OPENED, StripedCounter::new);
        clientRejected = registry.counter(MetricNames.CLIENT_CONNECTIONS_REJECTED, StripedCounter::new);
        originOpened = registry.counter(MetricNames.ORIGIN_CONNECTIONS_OPENED, StripedCounter::new);
        poolWaits = registry.counter(MetricNames.POOL_WAITS, StripedCounter::new);
        poolWaitTimeouts = registry.counter(MetricNames.POOL_WAIT_TIMEOUTS, StripedCounter::new);
        bytesIn = registry.counter(MetricNames.BYTES_IN, StripedCounter::new);
        bytesOut = registry.counter(MetricNames.BYTES_OUT, StripedCounter::new);
        eventLoopBlocked = registry.counter(MetricNames.EVENTLOOP_BLOCKED, StripedCounter::new);
        for (ProxyError e : ProxyError.values()) {
            errors.put(e, registry.counter(e.metricName(), StripedCounter::new));
        }
        // Registered with TLS off too: the layout stays the same, and a reader sees zero, not "absent".
        tlsFull = registry.counter(MetricNames.TLS_HANDSHAKES_FULL, StripedCounter::new);
        tlsResumed = registry.counter(MetricNames.TLS_HANDSHAKES_RESUMED, StripedCounter::new);
        for (HandshakeFailure f : HandshakeFailure.values()) {
            tlsFailed.put(f, registry.counter(f.metricName(), StripedCounter::new));
        }
        registerJvm(registry);
    }

    /**
     * Every request updates both timers, so they take no lock and write nothing another thread
     * writes: a striped meter counts, and the histogram only records into its striped reservoir.
     */
    public static Timer requestTimer(Clock clock) {
        StripedMeter meter = new StripedMeter(clock);
        return new Timer(meter, new RecordedHistogram(new RecentHistogramReservoir(), meter::getCount), clock);
    }

    private static void registerJvm(MetricRegistry registry) {
        registry.register(MetricNames.JVM_GC, new GarbageCollectorMetricSet());
        registry.register(MetricNames.JVM_MEMORY, new MemoryUsageGaugeSet());
        registry.register(MetricNames.JVM_THREADS, new ThreadStatesGaugeSet());
        registry.register(MetricNames.JVM_BUFFERS, new BufferPoolMetricSet(ManagementFactory.getPlatformMBeanServer()));
        // compilation early in a run competes with the load for the same cores; the kit shows it per step
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
            registry.register(MetricNames.JVM_COMPILATION_TIME, (Gauge<Long>) jit::getTotalCompilationTime);
        }
    }

    public MetricRegistry registry() {
        return registry;
    }

    public Timer requests() {
        return requests;
    }

    public Timer originLatency() {
        return originLatency;
    }

    /** Counts a response by status class (1xx..5xx); other codes are ignored. */
    public void response(int status) {
        int c = status / 100;
        if (c >= 1 && c <= 5) {
            responsesByClass[c].mark();
        }
    }

    public Counter clientConnectionsActive() {
        return clientActive;
    }

    public Counter clientConnectionsOpened() {
        return clientOpened;
    }

    public Counter clientConnectionsRejected() {
        return clientRejected;
    }

    public Counter originConnectionsOpened() {
        return originOpened;
    }

    public Counter poolWaits() {
        return poolWaits;
    }

    public Counter poolWaitTimeouts() {
        return poolWaitTimeouts;
    }

    public Counter bytesIn() {
        return bytesIn;
    }

    public Counter bytesOut() {
        return bytesOut;
    }

    public Counter eventLoopBlocked() {
        return eventLoopBlocked;
    }

    public void error(ProxyError error) {
        errors.get(error).inc();
    }

    public long errorCount(ProxyError error) {
        return errors.get(error).getCount();
    }

    /** A client's TLS handshake completed: {@code resumed} when it resumed an earlier session. */
    public void tlsHandshakeCompleted(boolean resumed) {
        (resumed ? tlsResumed : tlsFull).inc();
    }

    public void tlsHandshakeFailed(HandshakeFailure failure) {
        tlsFailed.get(failure).inc();
    }

    public long tlsHandshakes(boolean resumed) {
        return (resumed ? tlsResumed : tlsFull).getCount();
    }

    public long tlsHandshakesFailed(HandshakeFailure failure) {
        return tlsFailed.get(failure).getCount();
    }
}
