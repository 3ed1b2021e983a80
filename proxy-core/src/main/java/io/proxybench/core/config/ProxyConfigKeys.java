package io.proxybench.core.config;

import java.time.Duration;
import java.util.List;

/**
 * The settings both front ends understand. Each front end adds its own keys, named within its
 * {@link FrontEndNamespace}, to a {@link ConfigSchema}.
 */
public final class ProxyConfigKeys {

    private ProxyConfigKeys() {}

    public static final ConfigKey<Integer> SERVER_PORT =
            ConfigKey.integer("server.port", 8080, 0, 65535, "client port; 0 picks a free one");
    public static final ConfigKey<String> SERVER_BIND =
            ConfigKey.text("server.bind", "127.0.0.1", "address the client port binds to");
    public static final ConfigKey<Integer> SERVER_BACKLOG =
            ConfigKey.integer("server.backlog", 5000, 1, 1_000_000, "listen backlog (capped by net.core.somaxconn)");
    public static final ConfigKey<Integer> ADMIN_PORT =
            ConfigKey.integer("admin.port", 8081, 0, 65535, "admin port (/health, /metrics); 0 picks a free one");
    public static final ConfigKey<String> ADMIN_BIND =
            ConfigKey.text("admin.bind", "127.0.0.1", "address the admin port binds to");

    public static final ConfigKey<String> ROUTES =
            ConfigKey.text("routes", "", "routes separated by ';' — PREFIX=HOST:PORT[,HOST:PORT]");
    public static final ConfigKey<List<String>> FILTERS =
            ConfigKey.list("filters", "", "filter class names, comma-separated");
    public static final ConfigKey<Boolean> FILTERS_SERVICE_LOADER =
            ConfigKey.bool("filters.serviceLoader", true, "also load filters registered in META-INF/services");

    public static final ConfigKey<Integer> ORIGIN_MAX_CONNECTIONS_PER_HOST = ConfigKey.integer(
            "origin.maxConnectionsPerHost",
            5000,
            1,
            1_000_000,
            "most connections to one origin host (open, in use or idle)");
    public static final ConfigKey<Duration> ORIGIN_CONNECT_TIMEOUT =
            ConfigKey.positiveDuration("origin.connectTimeout", "2s", "origin connect timeout (then 502)");
    public static final ConfigKey<Duration> ORIGIN_READ_TIMEOUT = ConfigKey.positiveDuration(
            "origin.readTimeout", "10s", "longest silence from the origin while a response is due (then 504)");
    public static final ConfigKey<Duration> ORIGIN_IDLE_TIMEOUT = ConfigKey.positiveDuration(
            "origin.idleTimeout", "60s", "idle pooled origin connections are closed after this");
    public static final ConfigKey<Duration> ORIGIN_POOL_WAIT_TIMEOUT = ConfigKey.positiveDuration(
            "origin.poolWaitTimeout",
            "2s",
            "longest wait for a pooled connection when the host is at its maximum (then 503)");
    public static final ConfigKey<Integer> ORIGIN_MAX_POOL_WAITERS = ConfigKey.integer(
            "origin.maxPoolWaiters", 10_000, 0, 10_000_000, "requests allowed to wait for a pooled connection");

    public static final ConfigKey<Duration> CLIENT_IDLE_TIMEOUT = ConfigKey.positiveDuration(
            "client.idleTimeout", "60s", "idle keep-alive client connections are closed after this");
    public static final ConfigKey<Duration> CLIENT_REQUEST_READ_TIMEOUT = ConfigKey.positiveDuration(
            "client.requestReadTimeout", "10s", "a client must send a complete request head within this");

    public static final ConfigKey<Integer> LIMITS_MAX_INITIAL_LINE_LENGTH =
            ConfigKey.bytes("limits.maxInitialLineLength", 8192, 256, 1 << 20, "longest request line (then 414)");
    public static final ConfigKey<Integer> LIMITS_MAX_HEADER_SIZE =
            ConfigKey.bytes("limits.maxHeaderSize", 8192, 256, 1 << 20, "largest request header block (then 431)");
    public static final ConfigKey<Integer> LIMITS_MAX_CONNECTIONS = ConfigKey.integer(
            "limits.maxConnections", 10_000, 1, 10_000_000, "most client connections; more are refused and counted");

    public static final ConfigKey<Duration> SHUTDOWN_DRAIN_TIMEOUT =
            ConfigKey.duration("shutdown.drainTimeout", "10s", "on SIGTERM, how long in-flight requests may finish");
    public static final ConfigKey<String> PROXY_VIA_NAME =
            ConfigKey.text("proxy.viaName", "proxybench", "this proxy's name in the Via header");

    public static final ConfigKey<Boolean> TLS_ENABLED = ConfigKey.bool(
            "tls.enabled", false, "the client port speaks TLS (HTTPS) with tls.cert and tls.key; false: plain HTTP");
    public static final ConfigKey<String> TLS_CERT =
            ConfigKey.text("tls.cert", "", "PEM file of the server's certificate chain, its own certificate first");
    public static final ConfigKey<String> TLS_KEY =
            ConfigKey.text("tls.key", "", "PEM file of the server's private key (PKCS#8, unencrypted)");
    public static final ConfigKey<List<String>> TLS_PROTOCOLS = ConfigKey.subsetOf(
            "tls.protocols",
            "TLSv1.3,TLSv1.2",
            List.of("TLSv1.3", "TLSv1.2"),
            "TLS versions offered; nothing older than TLSv1.2 is accepted");
    public static final ConfigKey<Boolean> TLS_RESUMPTION = ConfigKey.bool(
            "tls.resumption",
            true,
            "clients may resume a session (session tickets and the server's session cache); false: every"
                    + " handshake is a full one");
    public static final ConfigKey<Duration> TLS_HANDSHAKE_TIMEOUT = ConfigKey.positiveDuration(
            "tls.handshakeTimeout", "10s", "a client must finish its TLS handshake within this, else it is closed");

    /** Every common key, in help order. */
    public static List<ConfigKey<?>> all() {
        return List.of(
                SERVER_PORT,
                SERVER_BIND,
                SERVER_BACKLOG,
                ADMIN_PORT,
                ADMIN_BIND,
                ROUTES,
                FILTERS,
                FILTERS_SERVICE_LOADER,
                ORIGIN_MAX_CONNECTIONS_PER_HOST,
                ORIGIN_CONNECT_TIMEOUT,
                ORIGIN_READ_TIMEOUT,
                ORIGIN_IDLE_TIMEOUT,
                ORIGIN_POOL_WAIT_TIMEOUT,
                ORIGIN_MAX_POOL_WAITERS,
                CLIENT_IDLE_TIMEOUT,
                CLIENT_REQUEST_READ_TIMEOUT,
                LIMITS_MAX_INITIAL_LINE_LENGTH,
                LIMITS_MAX_HEADER_SIZE,
                LIMITS_MAX_CONNECTIONS,
                SHUTDOWN_DRAIN_TIMEOUT,
                PROXY_VIA_NAME,
                TLS_ENABLED,
                TLS_CERT,
                TLS_KEY,
                TLS_PROTOCOLS,
                TLS_RESUMPTION,
                TLS_HANDSHAKE_TIMEOUT);
    }
}
