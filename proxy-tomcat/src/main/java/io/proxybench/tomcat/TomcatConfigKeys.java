package io.proxybench.tomcat;

import io.proxybench.core.config.ConfigKey;
import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.FrontEndNamespace;
import io.proxybench.tomcat.connector.RequestThreads;
import io.proxybench.tomcat.tls.TlsImplementation;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The settings only the Tomcat front end has, named within {@link FrontEndNamespace#TOMCAT}. Names
 * follow the Tomcat connector attributes they set, so that a tuning taken from a {@code server.xml}
 * reads the same here (but durations carry a unit: {@code server.xml}'s 20000 is {@code 20s}). A value
 * of 0 for the timeout, backlog and connection-limit keys means "take it from the common key". The
 * Netty front end ignores these keys when a shared file sets them, and this one ignores Netty's.
 */
public final class TomcatConfigKeys {

    private TomcatConfigKeys() {}

    public static final ConfigKey<String> CONNECTOR = ConfigKey.oneOf(
            "tomcat.connector",
            "apr",
            List.of("apr", "nio", "nio2"),
            "client connector: apr (Tomcat native library, Debian package libtcnative-1), nio or nio2");
    public static final ConfigKey<Integer> MAX_THREADS = ConfigKey.integer(
            "tomcat.maxThreads",
            200,
            1,
            100_000,
            "request threads; one is held for each request in flight, so this bounds concurrency");
    public static final ConfigKey<Integer> MIN_SPARE_THREADS =
            ConfigKey.integer("tomcat.minSpareThreads", 10, 0, 100_000, "request threads kept alive when idle");
    public static final ConfigKey<Integer> ACCEPTOR_THREAD_COUNT = ConfigKey.integer(
            "tomcat.acceptorThreadCount",
            1,
            1,
            64,
            "kept for the reference layout; Tomcat 9.0.113 ignores it and always runs one acceptor");
    public static final ConfigKey<Integer> MAX_KEEP_ALIVE_REQUESTS = ConfigKey.integer(
            "tomcat.maxKeepAliveRequests",
            -1,
            -1,
            Integer.MAX_VALUE,
            "requests on one client connection before Tomcat closes it; -1 = no limit"
                    + " (Tomcat's own 100 churns connections)");
    public static final ConfigKey<Duration> CONNECTION_TIMEOUT = ConfigKey.duration(
            "tomcat.connectionTimeout",
            "0",
            "Tomcat connectionTimeout (wait for a request and its parts); 0 = client.requestReadTimeout");
    public static final ConfigKey<Integer> SOCKET_BUFFER = ConfigKey.bytes(
            "tomcat.socketBuffer",
            0,
            0,
            1 << 30,
            "kept for the reference layout; Tomcat 9.0.113 no longer has it,"
                    + " so any value but 0 is reported and has no effect");
    public static final ConfigKey<Integer> POLL_TIME = ConfigKey.integer(
            "tomcat.pollTime",
            0,
            0,
            60_000_000,
            "APR poller wait in microseconds; 0 = Tomcat's default (2000); APR only");
    public static final ConfigKey<Integer> ACCEPT_COUNT =
            ConfigKey.integer("tomcat.acceptCount", 0, 0, 1_000_000, "listen backlog; 0 = server.backlog");
    public static final ConfigKey<Integer> MAX_CONNECTIONS = ConfigKey.integer(
            "tomcat.maxConnections",
            0,
            0,
            10_000_000,
            "client connections Tomcat keeps open; further ones wait in the backlog; 0 = limits.maxConnections");
    public static final ConfigKey<String> THREADS = ConfigKey.oneOf(
            "tomcat.threads",
            "platform",
            RequestThreads.configNames(),
            "request threads: platform (a pool of maxThreads) or virtual (one virtual thread per request;"
                    + " needs a Java 21+ runtime; maxThreads then no longer bounds concurrency)");

    public static final ConfigKey<String> TLS_IMPLEMENTATION = ConfigKey.oneOf(
            "tomcat.tls.implementation",
            TlsImplementation.AUTO,
            TlsImplementation.CONFIG_NAMES,
            "who runs the client connector's TLS (tls.enabled): openssl = the Tomcat native library's OpenSSL,"
                    + " jsse = the JDK's (nio and nio2 only); auto = openssl on apr, jsse on nio and nio2");

    /** The keys above, in help order. */
    public static List<ConfigKey<?>> all() {
        return List.of(
                CONNECTOR,
                MAX_THREADS,
                MIN_SPARE_THREADS,
                ACCEPTOR_THREAD_COUNT,
                MAX_KEEP_ALIVE_REQUESTS,
                CONNECTION_TIMEOUT,
                SOCKET_BUFFER,
                POLL_TIME,
                ACCEPT_COUNT,
                MAX_CONNECTIONS,
                THREADS,
                TLS_IMPLEMENTATION);
    }

    /** The common keys, these, and the write-up's APR connector settings added to the {@code reference} profile. */
    public static ConfigSchema schema() {
        ConfigSchema schema = ConfigSchema.forFrontEnd(FrontEndNamespace.TOMCAT).addAll(all());
        schema.addProfile(
                "reference",
                Map.of(
                        MAX_THREADS.name(),
                        "5000",
                        MAX_KEEP_ALIVE_REQUESTS.name(),
                        "5000",
                        CONNECTION_TIMEOUT.name(),
                        "20s",
                        ACCEPTOR_THREAD_COUNT.name(),
                        "2",
                        SOCKET_BUFFER.name(),
                        "15000",
                        POLL_TIME.name(),
                        "5000",
                        "origin.maxConnectionsPerHost",
                        "5000"));
        return schema;
    }
}
