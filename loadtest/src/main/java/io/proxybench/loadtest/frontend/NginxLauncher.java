package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Starts nginx as a child process ({@code daemon off}) with a generated config in its raw
 * directory. nginx cannot bind port 0, so a free port is picked first; it prints no ready line,
 * so the caller's health probe decides when it serves.
 */
public final class NginxLauncher implements FrontEndLauncher {

    private static final Random RANDOM = new Random();

    private final LaunchContext context;

    public NginxLauncher(LaunchContext context) {
        this.context = context;
    }

    public static Optional<Path> binary() {
        return Executables.find("nginx");
    }

    @Override
    public RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException {
        Path nginx = binary().orElseThrow(() -> new ProcessStartException(
                "nginx is not installed (apt-get install nginx-light)"));
        String host = context.topology().addressOf(Role.PROXY);
        NginxConfig config;
        try {
            config = NginxConfig.forRun(context.plan().maxConnections(), context.cores(), spec.settings(), host,
                    freePort(host), origin.host(), origin.port(), rawDir.toAbsolutePath());
            Files.createDirectories(rawDir.resolve("tmp"));
            Files.writeString(config.confFile(), config.render());
        } catch (PlanException e) {
            throw new ProcessStartException(e.getMessage());
        } catch (IOException e) {
            throw new ProcessStartException("cannot write the nginx config in " + rawDir + ": " + e.getMessage());
        }
        List<String> command = List.of(nginx.toString(), "-p", rawDir.toAbsolutePath().toString(),
                "-e", rawDir.toAbsolutePath().resolve("error.log").toString(),
                "-c", config.confFile().toString(), "-g", "daemon off;");
        List<String> wrapped = context.topology().wrap(Role.PROXY, command);
        try {
            ChildProcess process = ChildProcess.start(spec.label(), wrapped, Map.of(), rawDir.resolve("stdout.log"),
                    rawDir.resolve("stderr.log"), context.processes(), line -> false);
            return new RunningServer(process, host, config.listenPort(),
                    context.control(Role.PROXY, host, config.listenPort()), null, wrapped);
        } catch (IOException e) {
            throw new ProcessStartException("cannot start nginx: " + e.getMessage());
        }
    }

    /**
     * A port free right now on {@code host}; the short race until nginx binds it is accepted. An
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
}
