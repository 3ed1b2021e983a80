package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What the native reference front ends (nginx, HAProxy) share once their config is written: a port
 * picked before they start (neither can report a port-0 bind), and a foreground child process with
 * no ready line, so the caller's health probe decides when it serves.
 */
final class ForegroundReferenceServer {

    private static final Random RANDOM = new Random();

    private ForegroundReferenceServer() {}

    /**
     * A port free right now on {@code host}; the short race until the server binds it is accepted. An
     * address of another network namespace cannot be bound from here: that namespace is the kit's
     * own and fresh, so any port below the ephemeral range is free there.
     */
    static int freePort(String host) {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            return 20_000 + RANDOM.nextInt(10_000);
        }
    }

    /** Runs {@code command} in the proxy's place of the topology, its output in {@code rawDir}. */
    static RunningServer start(
            LaunchContext context,
            FrontEndSpec spec,
            String name,
            List<String> command,
            String host,
            int port,
            Path rawDir)
            throws ProcessStartException {
        List<String> wrapped = context.topology().wrap(Role.PROXY, command);
        try {
            ChildProcess process = ChildProcess.start(
                    spec.label(),
                    wrapped,
                    Map.of(),
                    rawDir.resolve("stdout.log"),
                    rawDir.resolve("stderr.log"),
                    context.processes(),
                    line -> false);
            return new RunningServer(
                    process, host, port, context.control(Role.PROXY, host, port), null, wrapped, context.tls() != null);
        } catch (IOException e) {
            throw new ProcessStartException("cannot start " + name + ": " + e.getMessage());
        }
    }
}
