package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.PlanException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The nginx configuration of the reference column: a plain keep-alive reverse proxy to the origin,
 * sized for the largest step, with every file it writes inside the run's raw directory.
 *
 * @param workerProcesses   one per core given to the front ends, as the JVM proxies get
 * @param workerConnections per worker; a worker may end up holding every client and origin connection, and
 *                          between windows and steps those of the load that is closing beside the next one's
 * @param upstreamKeepalive idle origin connections each worker keeps
 * @param deferred          {@code listen ... deferred}: the kernel wakes nginx for a new connection only once its
 *                          first bytes are in ({@code TCP_DEFER_ACCEPT}), as proxy-netty's {@code server.deferAccept}
 * @param tls               the client side's TLS on a {@code --tls} run; null for plain HTTP
 */
public record NginxConfig(
        int workerProcesses,
        int workerConnections,
        int upstreamKeepalive,
        int keepaliveRequests,
        boolean multiAccept,
        boolean reusePort,
        boolean deferred,
        String listenHost,
        int listenPort,
        int backlog,
        String originHost,
        int originPort,
        Path dir,
        ReferenceTls tls) {

    /** Settings a user may give an nginx variant, e.g. {@code nginx[worker_processes=1]}. */
    public static final List<String> SETTINGS = List.of(
            "worker_processes",
            "worker_connections",
            "keepalive",
            "keepalive_requests",
            "multi_accept",
            "reuseport",
            "deferred");

    /** Defaults for a run whose largest step is {@code maxConnections}, then the user's settings. */
    public static NginxConfig forRun(
            int maxConnections,
            int cores,
            Map<String, String> settings,
            String listenHost,
            int listenPort,
            String originHost,
            int originPort,
            Path dir)
            throws PlanException {
        ReferenceServerSettings s = new ReferenceServerSettings("nginx", SETTINGS, settings);
        return new NginxConfig(
                s.number("worker_processes", cores),
                s.number("worker_connections", workerConnections(maxConnections)),
                s.number("keepalive", maxConnections),
                s.number("keepalive_requests", 100_000),
                s.flag("multi_accept", false),
                s.flag("reuseport", false),
                s.flag("deferred", false),
                listenHost,
                listenPort,
                Math.max(511, maxConnections),
                originHost,
                originPort,
                dir,
                null);
    }

    /** The same configuration with TLS on its client side. */
    public NginxConfig withTls(ReferenceTls value) {
        return new NginxConfig(
                workerProcesses,
                workerConnections,
                upstreamKeepalive,
                keepaliveRequests,
                multiAccept,
                reusePort,
                deferred,
                listenHost,
                listenPort,
                backlog,
                originHost,
                originPort,
                dir,
                value);
    }

    /**
     * The kernel hands a new connection to whichever worker wakes first, so one worker can end up with
     * nearly all of them (of two, one took 79 % of the CPU at 100 keep-alive connections here), and with one
     * worker it has them all. Each client needs an origin connection; when a window or step ends, its
     * connections are still being closed (and the origin connections of requests cut off with them)
     * while the next one's connect: twice that. Sized for less, a single worker at 1,000 connections
     * ran out ("worker_connections are not enough, reusing connections") and cut clients off.
     */
    static int workerConnections(int maxConnections) {
        return 4 * maxConnections + 128;
    }

    /**
     * Rejects unknown keys and bad values: the one-line answer for {@code nginx[...]} typos, given before a
     * run starts. Reads the settings through {@link #forRun}, so a new key is checked as soon as it is read.
     */
    public static void check(Map<String, String> settings) throws PlanException {
        forRun(1, 1, settings, "127.0.0.1", 1, "127.0.0.1", 1, Path.of("."));
    }

    /** Descriptors per worker: every connection it may hold plus its own files. */
    public int rlimitNofile() {
        return workerConnections + 256;
    }

    public Path confFile() {
        return dir.resolve("nginx.conf");
    }

    /** The server block's TLS directives; empty for plain HTTP (no line at all once joined and split). */
    private String tlsLines() {
        if (tls == null) {
            return "        # plain HTTP";
        }
        String cache = tls.resumption() ? "shared:proxybench_tls:16m" : "off";
        return String.join(
                "\n",
                "        ssl_certificate " + tls.certificateChain() + ";",
                "        ssl_certificate_key " + tls.privateKey() + ";",
                "        ssl_protocols TLSv1.2 TLSv1.3;",
                "        # the AEAD suites the JVM proxies offer on TLS 1.2 (TLS 1.3's are OpenSSL's three)",
                "        ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
                        + "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
                        + "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;",
                "        ssl_prefer_server_ciphers off;",
                "        ssl_session_cache " + cache + ";",
                "        ssl_session_tickets " + (tls.resumption() ? "on" : "off") + ";");
    }

    public String render() {
        Path tmp = dir.toAbsolutePath().resolve("tmp");
        String host = listenHost.contains(":") ? "[" + listenHost + "]" : listenHost;
        String origin = originHost.contains(":") ? "[" + originHost + "]" : originHost;
        return String.join(
                "\n",
                "# Written by proxybench for this run; started as",
                "#   nginx -p " + dir.toAbsolutePath() + " -e "
                        + dir.toAbsolutePath().resolve("error.log") + " -c "
                        + confFile().toAbsolutePath() + " -g 'daemon off;'",
                "worker_processes " + workerProcesses + ";",
                "worker_rlimit_nofile " + rlimitNofile() + ";",
                "pid " + dir.toAbsolutePath().resolve("nginx.pid") + ";",
                "error_log " + dir.toAbsolutePath().resolve("error.log") + " warn;",
                "",
                "events {",
                "    worker_connections " + workerConnections + ";",
                "    multi_accept " + (multiAccept ? "on" : "off") + ";",
                "}",
                "",
                "http {",
                "    access_log off;",
                "    client_body_temp_path " + tmp.resolve("client_body") + ";",
                "    proxy_temp_path " + tmp.resolve("proxy") + ";",
                "    fastcgi_temp_path " + tmp.resolve("fastcgi") + ";",
                "    uwsgi_temp_path " + tmp.resolve("uwsgi") + ";",
                "    scgi_temp_path " + tmp.resolve("scgi") + ";",
                "    # clients keep their connections for the whole run, as behind a load balancer",
                "    keepalive_timeout 75s;",
                "    keepalive_requests " + keepaliveRequests + ";",
                "",
                "    upstream origin {",
                "        server " + origin + ":" + originPort + ";",
                "        keepalive " + upstreamKeepalive + ";",
                "        keepalive_requests " + keepaliveRequests + ";",
                "        keepalive_timeout 60s;",
                "    }",
                "",
                "    server {",
                "        listen " + host + ":" + listenPort + " backlog=" + backlog + (reusePort ? " reuseport" : "")
                        + (deferred ? " deferred" : "") + (tls != null ? " ssl" : "") + ";",
                tlsLines(),
                "        location / {",
                "            proxy_pass http://origin;",
                "            # HTTP/1.1 without 'Connection: close' keeps origin connections pooled",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "        }",
                "    }",
                "}",
                "");
    }
}
