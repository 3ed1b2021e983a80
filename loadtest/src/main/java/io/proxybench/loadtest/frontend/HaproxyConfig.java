package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.PlanException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The HAProxy configuration of the second reference column: a plain HTTP reverse proxy to the origin
 * with keep-alive on both sides and origin connections shared between clients ({@code http-reuse
 * always}, every one kept for reuse at any step), sized for the largest step, listening where the kit
 * says (loopback or the kit's own network namespace) and writing nothing outside the run's raw directory.
 *
 * @param threads one per core given to the front ends, as nginx's workers
 * @param maxConnections the process's {@code maxconn}: every client of the largest step, with room
 * @param deferAccept {@code bind ... defer-accept}: the kernel wakes HAProxy for a new connection only once its first
 *                    bytes are in ({@code TCP_DEFER_ACCEPT}), as nginx's {@code deferred} and proxy-netty's
 *                    {@code server.deferAccept}
 * @param tls the client side's TLS on a {@code --tls} run; null for plain HTTP
 * @param tlsPem the file with the chain and key HAProxy's {@code crt} takes; null for plain HTTP
 */
public record HaproxyConfig(
        int threads,
        int maxConnections,
        boolean deferAccept,
        String listenHost,
        int listenPort,
        String originHost,
        int originPort,
        Path dir,
        ReferenceTls tls,
        Path tlsPem) {

    /** Percent of its descriptors in use above which HAProxy no longer pools an origin connection (default 20). */
    static final int POOL_LOW_FD_RATIO = 90;
    /** Percent above which it closes pooled ones to open new ones (default 25). */
    static final int POOL_HIGH_FD_RATIO = 95;

    /** Settings a user may give a haproxy variant, e.g. {@code haproxy[nbthread=1]}. */
    public static final List<String> SETTINGS = List.of("nbthread", "maxconn", "defer-accept");

    /** Defaults for a run whose largest step is {@code maxConnections}, then the user's settings. */
    public static HaproxyConfig forRun(
            int maxConnections,
            int cores,
            Map<String, String> settings,
            String listenHost,
            int listenPort,
            String originHost,
            int originPort,
            Path dir)
            throws PlanException {
        ReferenceServerSettings s = new ReferenceServerSettings("haproxy", SETTINGS, settings);
        return new HaproxyConfig(
                s.number("nbthread", cores),
                s.number("maxconn", 2 * maxConnections + 128),
                s.flag("defer-accept", false),
                listenHost,
                listenPort,
                originHost,
                originPort,
                dir,
                null,
                null);
    }

    /** The same configuration with TLS on its client side, {@code pem} holding the chain and the key. */
    public HaproxyConfig withTls(ReferenceTls value, Path pem) {
        return new HaproxyConfig(
                threads, maxConnections, deferAccept, listenHost, listenPort, originHost, originPort, dir, value, pem);
    }

    /**
     * Rejects unknown keys and bad values: the one-line answer for {@code haproxy[...]} typos, given before a
     * run starts. Reads the settings through {@link #forRun}, so a new key is checked as soon as it is read.
     */
    public static void check(Map<String, String> settings) throws PlanException {
        forRun(1, 1, settings, "127.0.0.1", 1, "127.0.0.1", 1, Path.of("."));
    }

    public Path confFile() {
        return dir.resolve("haproxy.cfg");
    }

    /** The bind line's TLS options: TLS 1.2 and 1.3, ALPN http/1.1, the AEAD suites, tickets as the run says. */
    private String bindTls() {
        if (tls == null) {
            return "";
        }
        return " ssl crt " + tlsPem + " ssl-min-ver TLSv1.2 alpn http/1.1"
                + " ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
                + "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305"
                + (tls.resumption() ? "" : " no-tls-tickets");
    }

    public String render() {
        String host = listenHost.contains(":") ? "[" + listenHost + "]" : listenHost;
        String origin = originHost.contains(":") ? "[" + originHost + "]" : originHost;
        return String.join(
                "\n",
                "# Written by proxybench for this run; started as",
                "#   haproxy -db -f " + confFile().toAbsolutePath(),
                "global",
                "    nbthread " + threads,
                "    maxconn " + maxConnections,
                "    # pool every origin connection as nginx and the proxies do: by default HAProxy stops keeping",
                "    # one after its response once a fifth of its descriptors are in use, which clients and origin",
                "    # connections pass from about a fifth of maxconn on, and then opens one per request",
                "    tune.pool-low-fd-ratio " + POOL_LOW_FD_RATIO,
                "    tune.pool-high-fd-ratio " + POOL_HIGH_FD_RATIO,
                "    # no log target: a benchmark column does not log per request",
                tls != null && !tls.resumption() ? "    tune.ssl.cachesize 0" : "    # default TLS session cache",
                "",
                "defaults",
                "    mode http",
                "    # keep-alive on both sides: clients keep their connections, origin connections are pooled",
                "    option http-keep-alive",
                "    http-reuse always",
                "    maxconn " + maxConnections,
                "    timeout connect 5s",
                "    timeout client 75s",
                "    timeout server 60s",
                "    timeout http-keep-alive 75s",
                "    timeout http-request 10s",
                "",
                "frontend proxybench",
                "    bind " + host + ":" + listenPort + (deferAccept ? " defer-accept" : "") + bindTls(),
                "    default_backend origin",
                "",
                "backend origin",
                "    server origin " + origin + ":" + originPort + " maxconn " + maxConnections,
                "");
    }
}
