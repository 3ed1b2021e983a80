package io.proxybench.origin;

import io.proxybench.origin.server.OriginServer;
import io.proxybench.origin.server.PayloadBuffers;
import java.net.InetSocketAddress;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stub origin, for use in-process: answers any request with a fixed payload after a modelled latency,
 * injects faults on request, and counts what it sees.
 *
 * <pre>{@code
 * try (StubOrigin origin = new StubOrigin(StubOriginOptions.builder().latency("0").build())) {
 *     int port = origin.start();
 *     ...
 *     assertThat(origin.stats().requests()).isEqualTo(1);
 * }
 * }</pre>
 *
 * Request headers understood: {@code X-Request-Id} (echoed), {@code X-Origin-Latency} (e.g. {@code 10ms}),
 * {@code X-Origin-Payload-Size} (bytes), {@code X-Origin-Fault} (a {@link io.proxybench.origin.behavior.FaultKind}
 * wire name, or {@code none}). {@code GET /_origin/stats} serves {@link OriginStats} as JSON and
 * {@code POST /_origin/stats/reset} serves them once more, then zeroes them.
 */
public final class StubOrigin implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StubOrigin.class);

    private final StubOriginOptions options;
    private OriginServer server;
    private InetSocketAddress address;
    private boolean closed;

    public StubOrigin(StubOriginOptions options) {
        this.options = options;
    }

    /** Creates and starts an origin in one step. */
    public static StubOrigin started(StubOriginOptions options) {
        StubOrigin origin = new StubOrigin(options);
        origin.start();
        return origin;
    }

    /** The body served for {@code size} bytes under {@code seed}, for checking bodies byte for byte. */
    public static byte[] expectedPayload(long seed, int size) {
        return PayloadBuffers.expectedBody(seed, size);
    }

    /**
     * Binds and starts serving.
     *
     * @return the bound port (the ephemeral one when the options ask for port 0)
     * @throws java.io.UncheckedIOException when the address cannot be bound
     * @throws IllegalStateException        when already started or closed, or epoll was demanded but is missing
     */
    public synchronized int start() {
        if (closed || server != null) {
            throw new IllegalStateException(closed ? "origin is closed" : "origin is already started");
        }
        OriginServer starting = new OriginServer(options);
        address = starting.bind();
        server = starting;
        log.info(
                "listening on {}:{} transport={} threads={} payload={}B latency={} faults={} maxConnections={}",
                address.getHostString(),
                address.getPort(),
                server.transportName(),
                options.threads(),
                options.payloadSize(),
                options.latency().spelling(),
                options.faultMix().spelling(),
                options.maxConnections() == 0 ? "unlimited" : options.maxConnections());
        return address.getPort();
    }

    public StubOriginOptions options() {
        return options;
    }

    public synchronized int port() {
        return requireStarted().getPort();
    }

    public synchronized InetSocketAddress address() {
        return requireStarted();
    }

    /** {@code http://host:port} of the running origin, without a trailing slash. */
    public URI baseUri() {
        InetSocketAddress a = address();
        String host = a.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort());
    }

    /** {@code epoll} or {@code nio}. */
    public synchronized String transportName() {
        requireStarted();
        return server.transportName();
    }

    public synchronized OriginStats stats() {
        requireStarted();
        return server.counters().snapshot();
    }

    /** Zeroes the counters, except the open-connection count. */
    public synchronized void resetStats() {
        requireStarted();
        server.counters().reset();
    }

    /** Stops accepting, lets queued answers finish within the drain timeout, then stops. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (server != null) {
            server.close(options.drainTimeout());
            log.info("stopped");
        }
    }

    private InetSocketAddress requireStarted() {
        if (server == null) {
            throw new IllegalStateException("origin is not started");
        }
        return address;
    }
}
