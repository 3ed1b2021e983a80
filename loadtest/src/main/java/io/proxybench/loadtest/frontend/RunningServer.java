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
 * @param jvm          a JVM found in a definition's process tree, whose perf-data file gives its GC and
 *                     JIT figures; null otherwise (the kit's own proxies are read through their admin port)
 */
public record RunningServer(
        ChildProcess process,
        String host,
        int port,
        InetSocketAddress control,
        InetSocketAddress adminControl,
        List<String> command,
        boolean tls,
        ProcessHandle jvm) {

    public RunningServer {
        command = List.copyOf(command);
    }

    /** A server whose JVM figures, if any, come through its admin port. */
    public RunningServer(
            ChildProcess process,
            String host,
            int port,
            InetSocketAddress control,
            InetSocketAddress adminControl,
            List<String> command,
            boolean tls) {
        this(process, host, port, control, adminControl, command, tls, null);
    }

    /** The same server with {@code found} as the JVM whose perf-data file is read. */
    public RunningServer withJvm(ProcessHandle found) {
        return new RunningServer(process, host, port, control, adminControl, command, tls, found);
    }

    /**
     * The JVM process whose GC and JIT figures the kit reads: the kit's own proxy (admin port and
     * perf-data file), or one found in a definition's tree (perf-data file only); null for a native one.
     */
    public ProcessHandle jvmProcess() {
        if (jvm != null) {
            return jvm;
        }
        return adminControl != null && process != null ? process.handle() : null;
    }

    /** A server speaking plain HTTP. */
    public RunningServer(
            ChildProcess process,
            String host,
            int port,
            InetSocketAddress control,
            InetSocketAddress adminControl,
            List<String> command) {
        this(process, host, port, control, adminControl, command, false, null);
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
