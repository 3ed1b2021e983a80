package io.proxybench.core.metrics;

/**
 * The metric names both front ends publish, so that dashboards and the load-test kit read one
 * layout. Error counters are named by {@link io.proxybench.core.http.ProxyError#metricName()}.
 */
public final class MetricNames {

    private MetricNames() {}

    /** Timer: whole exchange, from request head received to last response byte written. */
    public static final String REQUESTS = "proxy.requests";
    /** Meters per status class: {@code proxy.responses.2xx} ... {@code proxy.responses.5xx}. */
    public static final String RESPONSES_PREFIX = "proxy.responses.";
    /** Timer: time to the origin's response head (origin latency as the proxy sees it). */
    public static final String ORIGIN_LATENCY = "proxy.origin.latency";

    public static final String CLIENT_CONNECTIONS_ACTIVE = "proxy.connections.client.active";
    public static final String CLIENT_CONNECTIONS_OPENED = "proxy.connections.client.opened";
    public static final String CLIENT_CONNECTIONS_REJECTED = "proxy.connections.client.rejected";

    /** Gauges provided by the front end's origin pool. */
    public static final String ORIGIN_CONNECTIONS_ACTIVE = "proxy.connections.origin.active";

    public static final String ORIGIN_CONNECTIONS_IDLE = "proxy.connections.origin.idle";
    public static final String ORIGIN_CONNECTIONS_OPENED = "proxy.connections.origin.opened";
    public static final String POOL_WAITS = "proxy.origin.pool.waits";
    public static final String POOL_WAIT_TIMEOUTS = "proxy.origin.pool.waitTimeouts";

    /**
     * Counter: request body bytes read from clients, as the messages carry them (no heads, no chunk
     * framing). Bodies are what both front ends can count alike: the Tomcat one never sees the
     * bytes of a head on the socket.
     */
    public static final String BYTES_IN = "proxy.bytes.in";
    /**
     * Counter: response body bytes written to clients, the origins' and the proxy's own answers
     * alike, as the messages carry them (no heads, no chunk framing; nothing for an answer to HEAD).
     */
    public static final String BYTES_OUT = "proxy.bytes.out";

    /** Counter: tasks on an I/O thread that ran past {@code eventloop.blockedThreshold}. */
    public static final String EVENTLOOP_BLOCKED = "proxy.eventloop.blocked";

    /** Counter: TLS handshakes on the client port that made a new session. */
    public static final String TLS_HANDSHAKES_FULL = "proxy.tls.handshakes.full";
    /** Counter: TLS handshakes on the client port that resumed a session (ticket or session cache). */
    public static final String TLS_HANDSHAKES_RESUMED = "proxy.tls.handshakes.resumed";
    /**
     * Counters by reason: TLS handshakes on the client port that failed, e.g.
     * {@code proxy.tls.handshakes.failed.timeout} (see {@link io.proxybench.core.tls.HandshakeFailure}).
     */
    public static final String TLS_HANDSHAKES_FAILED_PREFIX = "proxy.tls.handshakes.failed.";

    /** Front-end specific figures live under this prefix, e.g. {@code proxy.tomcat.threads.busy}. */
    public static final String FRONT_END_PREFIX = "proxy.";

    public static final String JVM_GC = "jvm.gc";
    public static final String JVM_MEMORY = "jvm.memory";
    /** Gauge: bytes of heap in use now. */
    public static final String JVM_HEAP_USED = "jvm.memory.heap.used";

    public static final String JVM_THREADS = "jvm.threads";
    public static final String JVM_BUFFERS = "jvm.buffers";
    /**
     * Gauge: milliseconds the JIT compilers have spent since the JVM started (absent when the JVM does
     * not count it).
     */
    public static final String JVM_COMPILATION_TIME = "jvm.compilation.time";
}
