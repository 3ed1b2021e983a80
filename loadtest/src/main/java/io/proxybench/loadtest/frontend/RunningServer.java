package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.process.ChildProcess;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;

/**
 * A started server (origin or front end) and where to reach it.
 *
 * @param host         address the other roles use (the generator's target, the proxy's route)
 * @param control      where the kit itself reaches {@code port} (differs from {@code host:port}
 *                     when the server runs in another network namespace)
 * @param adminControl where the kit reaches the admin port of a JVM proxy; null for nginx and the origin
 * @param command      the command it was started with, recorded in run.json
 * @param tls          {@code port} speaks TLS (a {@code --tls} run's front end); the admin port never does
 */
public record RunningServer(
        ChildProcess process,
        String host,
        int port,
        InetSocketAddress control,
        InetSocketAddress adminControl,
        List<String> command,
        boolean tls) {

    public RunningServer {
        command = List.copyOf(command);
    }

    /** A server speaking plain HTTP. */
    public RunningServer(
            ChildProcess process,
            String host,
            int port,
            InetSocketAddress control,
            InetSocketAddress adminControl,
            List<String> command) {
        this(process, host, port, control, adminControl, command, false);
    }

    /** The URL the load goes to. */
    public URI uri(String path) {
        return URI.create(scheme() + bracketed(host) + ":" + port + path);
    }

    /** The same port as the kit reaches it. */
    public URI controlUri(String path) {
        return URI.create(scheme() + bracketed(control.getHostString()) + ":" + control.getPort() + path);
    }

    /** Null without an admin port. */
    public URI adminUri(String path) {
        return adminControl == null ? null : uri(adminControl, path);
    }

    private String scheme() {
        return tls ? "https://" : "http://";
    }

    private static URI uri(InetSocketAddress address, String path) {
        return URI.create("http://" + bracketed(address.getHostString()) + ":" + address.getPort() + path);
    }

    private static String bracketed(String host) {
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
