package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlaceholderTemplate;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.ReadyCondition;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a front end of the user's own from its definition: a free port picked, the config template
 * rendered into its raw directory, the command run by the shell in the proxy's place of the topology,
 * then waited for as the definition says. A start that fails quotes the end of its stderr and leaves
 * nothing running.
 */
public final class ExternalFrontEndLauncher implements FrontEndLauncher {

    /** Lines of stderr quoted when it fails to start: enough for a config error and its context. */
    static final int STDERR_LINES = 3;

    private final LaunchContext context;
    private final HealthProbe probe = new HealthProbe();

    public ExternalFrontEndLauncher(LaunchContext context) {
        this.context = context;
    }

    @Override
    public RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException {
        ExternalFrontEnd definition = spec.external();
        if (!definition.started()) {
            throw new ProcessStartException("a proxy given by address is not measured by this kit yet");
        }
        String host = context.topology().addressOf(Role.PROXY);
        int port = ForegroundReferenceServer.freePort(host);
        Path dir = rawDir.toAbsolutePath();
        Map<String, String> values = values(host, port, origin, dir);
        String command;
        try {
            if (definition.config() != null) {
                PlaceholderTemplate template = new PlaceholderTemplate(
                        Files.readString(definition.config()),
                        definition.config().toString(),
                        1);
                Files.writeString(dir.resolve(definition.config().getFileName()), template.render(values));
            }
            command = new PlaceholderTemplate(definition.command(), definition.definedIn(), 0).render(values);
        } catch (PlanException e) {
            throw new ProcessStartException(e.getMessage());
        } catch (IOException e) {
            throw new ProcessStartException(
                    "cannot render " + definition.config() + " into " + dir + ": " + e.getMessage());
        }
        List<String> wrapped =
                context.topology().wrap(Role.PROXY, List.of("sh", "-c", execPrefixed(command)), definition.env());
        ChildProcess process;
        try {
            process = ChildProcess.start(
                            spec.label(),
                            wrapped,
                            definition.env(),
                            dir.resolve("stdout.log"),
                            dir.resolve("stderr.log"),
                            context.processes(),
                            definition.ready()::matches)
                    .stoppedBy(
                            definition.stop().signal().name(), definition.stop().grace());
        } catch (IOException e) {
            throw new ProcessStartException("cannot start " + spec.label() + ": " + e.getMessage());
        }
        RunningServer server =
                new RunningServer(process, host, port, context.control(Role.PROXY, host, port), null, wrapped);
        try {
            awaitReady(definition, server);
        } catch (ProcessStartException e) {
            process.stop(Duration.ofSeconds(2));
            throw e;
        }
        return server;
    }

    /** What the placeholders stand for in this front end's turn. */
    Map<String, String> values(String host, int port, RunningServer origin, Path dir) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("port", String.valueOf(port));
        values.put("address", host);
        values.put("origin", hostPort(origin.host(), origin.port()));
        values.put("origin.host", origin.host());
        values.put("origin.port", String.valueOf(origin.port()));
        values.put("dir", dir.toString());
        values.put("cores", String.valueOf(context.cores()));
        return values;
    }

    private void awaitReady(ExternalFrontEnd definition, RunningServer server) throws ProcessStartException {
        ChildProcess process = server.process();
        Duration timeout = definition.readyTimeout();
        ReadyCondition ready = definition.ready();
        if (ready.kind() == ReadyCondition.Kind.LOG_LINE) {
            try {
                process.awaitReady(timeout);
            } catch (ProcessStartException e) {
                throw failed(
                        process,
                        "printed no line matching '" + ready.value() + "' within " + timeout.toSeconds() + " s");
            }
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw failed(process, "exited with code " + process.exitCode().orElse(-1) + " before it was ready");
            }
            boolean up = ready.kind() == ReadyCondition.Kind.HTTP_PATH
                    ? probe.problem(server.controlUri(ready.value())) == null
                    : accepts(server.control());
            if (up) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ProcessStartException("interrupted while waiting for " + process.name());
            }
        }
        throw failed(
                process,
                "was not ready within " + timeout.toSeconds() + " s ("
                        + (ready.kind() == ReadyCondition.Kind.HTTP_PATH
                                ? "GET " + ready.value() + " never answered 2xx"
                                : "nothing listened on port " + server.port())
                        + ")");
    }

    private static ProcessStartException failed(ChildProcess process, String what) {
        return new ProcessStartException(process.name() + " " + what
                + process.stderrLines(STDERR_LINES).map(t -> "; stderr: " + t).orElse("; stderr was empty"));
    }

    private static boolean accepts(InetSocketAddress address) {
        try (Socket socket = new Socket()) {
            socket.connect(address, 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A single simple command replaces the shell ({@code exec}), so the stop signal reaches the proxy
     * itself; a pipeline or a list keeps its shell.
     */
    static String execPrefixed(String command) {
        String trimmed = command.trim();
        return trimmed.startsWith("exec ") || trimmed.matches("(?s).*[;&|\\n()`].*") ? trimmed : "exec " + trimmed;
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
