package io.proxybench.tomcat.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.proxybench.core.metrics.MetricNames;
import io.proxybench.tomcat.connector.EndpointFigures;
import io.proxybench.tomcat.connector.RequestThreads;
import io.proxybench.tomcat.origin.OriginClient;

/**
 * The gauges only this front end has (Tomcat's request threads, whether they are virtual, and its
 * connection count), and the shared origin-pool gauges, read from HttpClient's pool when the metrics
 * are rendered.
 */
public final class TomcatGauges {

    public static final String THREADS_BUSY = MetricNames.FRONT_END_PREFIX + "tomcat.threads.busy";
    public static final String THREADS_CURRENT = MetricNames.FRONT_END_PREFIX + "tomcat.threads.current";
    /** 1 while requests run on virtual threads ({@code tomcat.threads=virtual}), 0 on the platform pool. */
    public static final String THREADS_VIRTUAL = MetricNames.FRONT_END_PREFIX + "tomcat.threads.virtual";

    public static final String CONNECTIONS = MetricNames.FRONT_END_PREFIX + "tomcat.connections";

    private TomcatGauges() {}

    public static void register(MetricRegistry registry, EndpointFigures endpoint, OriginClient origins) {
        registry.register(THREADS_BUSY, (Gauge<Integer>) endpoint::busyThreads);
        registry.register(THREADS_CURRENT, (Gauge<Integer>) endpoint::currentThreads);
        registry.register(THREADS_VIRTUAL, (Gauge<Integer>) () -> endpoint.threads() == RequestThreads.VIRTUAL ? 1 : 0);
        registry.register(CONNECTIONS, (Gauge<Long>) endpoint::connectionCount);
        registry.register(MetricNames.ORIGIN_CONNECTIONS_ACTIVE, (Gauge<Integer>)
                () -> origins.poolStats().getLeased());
        registry.register(MetricNames.ORIGIN_CONNECTIONS_IDLE, (Gauge<Integer>)
                () -> origins.poolStats().getAvailable());
    }
}
