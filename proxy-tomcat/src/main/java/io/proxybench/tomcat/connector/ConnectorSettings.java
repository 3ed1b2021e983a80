package io.proxybench.tomcat.connector;

import static io.proxybench.tomcat.TomcatConfigKeys.ACCEPTOR_THREAD_COUNT;
import static io.proxybench.tomcat.TomcatConfigKeys.ACCEPT_COUNT;
import static io.proxybench.tomcat.TomcatConfigKeys.CONNECTION_TIMEOUT;
import static io.proxybench.tomcat.TomcatConfigKeys.MAX_CONNECTIONS;
import static io.proxybench.tomcat.TomcatConfigKeys.MAX_KEEP_ALIVE_REQUESTS;
import static io.proxybench.tomcat.TomcatConfigKeys.MAX_THREADS;
import static io.proxybench.tomcat.TomcatConfigKeys.MIN_SPARE_THREADS;
import static io.proxybench.tomcat.TomcatConfigKeys.POLL_TIME;
import static io.proxybench.tomcat.TomcatConfigKeys.SOCKET_BUFFER;
import static io.proxybench.tomcat.TomcatConfigKeys.THREADS;

import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.coyote.http11.Http11AprProtocol;

/**
 * Turns the configuration into client-connector attributes, and says which settings the chosen
 * connector of Tomcat 9.0.113 does not honour, so that nobody reads a benchmark believing a tuning
 * took effect when it did not.
 */
public final class ConnectorSettings {

    private ConnectorSettings() {}

    /** Tomcat's request-head buffer holds the request line and the headers, so it gets room for both limits. */
    public static int headBufferSize(ProxyConfig config) {
        return config.get(ProxyConfigKeys.LIMITS_MAX_INITIAL_LINE_LENGTH)
                + config.get(ProxyConfigKeys.LIMITS_MAX_HEADER_SIZE);
    }

    /**
     * Configures {@code connector} (whose protocol handler came from {@code kind}).
     *
     * @return one short note per setting without effect, e.g. {@code socketBuffer=15000 (removed in Tomcat 9)}
     */
    @SuppressWarnings("deprecation") // Http11AprProtocol: deprecated upstream, measured here on purpose
    public static List<String> apply(ProxyConfig config, ConnectorKind kind, Connector connector) {
        AbstractHttp11Protocol<?> protocol = (AbstractHttp11Protocol<?>) connector.getProtocolHandler();
        List<String> notes = new ArrayList<>();

        connector.setPort(config.get(ProxyConfigKeys.SERVER_PORT));
        connector.setProperty("address", config.get(ProxyConfigKeys.SERVER_BIND));
        // Bind at start rather than init, so that a graceful shutdown can close the listening socket
        // first (closeServerSocketGraceful only works then) while open connections drain.
        connector.setProperty("bindOnInit", "false");
        connector.setXpoweredBy(false);

        boolean virtualThreads = RequestThreads.of(config.get(THREADS)) == RequestThreads.VIRTUAL;
        protocol.setMaxThreads(config.get(MAX_THREADS));
        protocol.setMinSpareThreads(Math.min(config.get(MIN_SPARE_THREADS), config.get(MAX_THREADS)));
        if (virtualThreads) {
            // Tomcat's own VirtualThreadExecutor, for every connector kind (AbstractEndpoint.createExecutor).
            connector.setProperty("useVirtualThreads", "true");
            notes.add("maxThreads/minSpareThreads (a virtual thread serves each request)");
        }
        // Each request in flight holds a processor with its head buffers (about 40 KiB); Tomcat keeps
        // only 200 idle ones by default, so under more concurrency every request would allocate a
        // fresh set and feed the young generation. Keep one per request thread.
        protocol.setProcessorCache(virtualThreads ? -1 : config.get(MAX_THREADS));
        protocol.setAcceptCount(orElse(config.get(ACCEPT_COUNT), config.get(ProxyConfigKeys.SERVER_BACKLOG)));
        protocol.setMaxConnections(
                orElse(config.get(MAX_CONNECTIONS), config.get(ProxyConfigKeys.LIMITS_MAX_CONNECTIONS)));

        Duration connectionTimeout = config.get(CONNECTION_TIMEOUT);
        protocol.setConnectionTimeout(millis(
                connectionTimeout.isZero()
                        ? config.get(ProxyConfigKeys.CLIENT_REQUEST_READ_TIMEOUT)
                        : connectionTimeout));
        protocol.setKeepAliveTimeout(millis(config.get(ProxyConfigKeys.CLIENT_IDLE_TIMEOUT)));
        protocol.setMaxKeepAliveRequests(config.get(MAX_KEEP_ALIVE_REQUESTS));
        protocol.setMaxHttpHeaderSize(headBufferSize(config));
        protocol.setTcpNoDelay(true);

        // A proxy forwards the target as it came; Tomcat's stricter defaults would refuse some that
        // origins accept (an encoded slash, unescaped brackets or pipes in path or query).
        connector.setEncodedSolidusHandling("passthrough");
        protocol.setRelaxedPathChars("[]|");
        protocol.setRelaxedQueryChars("[]|{}^\\`\"<>");

        int acceptors = config.get(ACCEPTOR_THREAD_COUNT);
        if (acceptors != 1) {
            // Tomcat 9.0.113 still accepts the attribute but always runs one acceptor thread.
            connector.setProperty("acceptorThreadCount", Integer.toString(acceptors));
            notes.add("acceptorThreadCount=" + acceptors + " (Tomcat 9 always runs 1 acceptor)");
        }
        int socketBuffer = config.get(SOCKET_BUFFER);
        if (socketBuffer != 0 && !connector.setProperty("socketBuffer", Integer.toString(socketBuffer))) {
            notes.add("socketBuffer=" + socketBuffer + " (no such attribute in Tomcat 9.0.113)");
        }
        int pollTime = config.get(POLL_TIME);
        if (pollTime != 0) {
            if (protocol instanceof Http11AprProtocol apr) {
                apr.setPollTime(pollTime);
            } else {
                notes.add("pollTime=" + pollTime + " (APR connector only; this is " + kind.configName() + ")");
            }
        }
        return notes;
    }

    private static int orElse(int value, int fallback) {
        return value != 0 ? value : fallback;
    }

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
    }
}
