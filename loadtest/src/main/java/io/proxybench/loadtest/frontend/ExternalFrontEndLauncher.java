package io.proxybench.loadtest.frontend;

import io.proxybench.common.tls.PemFiles;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.ReadyCondition;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.runfile.BundledFrontEnds;
import io.proxybench.loadtest.sample.JvmTotalsReader;
import io.proxybench.loadtest.template.RunPlaceholder;
import io.proxybench.loadtest.template.TemplateException;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a front end from its definition (a run file's own, or the kit's bundled nginx and HAProxy):
 * a free port picked, the settings worked out (a variant's over the defaults), the config template
 * rendered into its raw directory, the command run by the shell in the proxy's place of the
 * topology, then waited for as the definition says. A start that fails quotes the end of its stderr
 * and leaves nothing running.
 */
public final class ExternalFrontEndLauncher implements FrontEndLauncher {

    /** Lines of stderr quoted when it fails to start: enough for a config error and its context. */
    static final int STDERR_LINES = 3;

    private static final Logger LOG = LoggerFactory.getLogger(ExternalFrontEndLauncher.class);
    private static final Random RANDOM = new Random();

    private final LaunchContext context;
    private final HealthProbe probe = new HealthProbe();

    public ExternalFrontEndLauncher(LaunchContext context) {
        this.context = context;
    }

    @Override
    public RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException {
        ExternalFrontEnd definition =
                spec.external() != null ? spec.external() : BundledFrontEnds.definition(spec.kind());
        if (!definition.started()) {
            return attach(spec, definition, rawDir);
        }
        String host = context.topology().addressOf(Role.PROXY);
        int port = freePort(host);
        Path dir = rawDir.toAbsolutePath();
        String command;
        try {
            boolean pem = definition.commandTemplate().uses("tls.pem")
                    || (definition.config() != null
                            && definition.config().template().uses("tls.pem"));
            Map<String, String> values =
                    definition.settings().resolve(spec.proxySettings(), values(spec, host, port, origin, dir, pem));
            if (definition.config() != null) {
                Path rendered = Files.writeString(
                        dir.resolve(definition.config().fileName()),
                        definition.config().template().render(values));
                // on another box the command reads it there, at the same path
                context.topology().put(Role.PROXY, rendered);
            }
            command = definition.commandTemplate().render(values);
        } catch (PlanException | TemplateException e) {
            throw new ProcessStartException(e.getMessage());
        } catch (IOException e) {
            throw new ProcessStartException(
                    "cannot render the config of " + spec.label() + " into " + dir + ": " + e.getMessage());
        }
        String shell = execPrefixed(command);
        if (context.topology().boxOf(Role.PROXY) != null) {
            // {{dir}} is where the proxy writes its logs and pid file, there as here
            shell = "mkdir -p '" + dir.toString().replace("'", "'\\''") + "' && " + shell;
        }
        List<String> wrapped = context.topology().wrap(Role.PROXY, List.of("sh", "-c", shell), definition.env());
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
        RunningServer server = serving(process, host, port, wrapped, context.tlsFor(spec) != null);
        try {
            awaitReady(definition, server);
        } catch (ProcessStartException e) {
            process.stop(Duration.ofSeconds(2));
            throw e;
        }
        return withJvmFound(spec, server);
    }

    /**
     * A definition's command that runs a HotSpot JVM (it maps a perf-data file) is read as the kit's
     * own proxies are: warmed until its JIT is quiet, with GC and JIT columns. A JVM started with
     * {@code -XX:-UsePerfData}, or on another box, is measured as a native proxy.
     */
    private static RunningServer withJvmFound(FrontEndSpec spec, RunningServer server) {
        if (server.process() == null || server.process().handle() == null) {
            return server;
        }
        return JvmTotalsReader.jvmIn(server.process().handle())
                .map(jvm -> {
                    LOG.info(
                            "[{}] runs a JVM (pid {}): warmed until its JIT is quiet, GC and JIT figures from its"
                                    + " perf-data file",
                            spec.label(),
                            jvm.pid());
                    return server.withJvm(jvm);
                })
                .orElse(server);
    }

    /**
     * A proxy already running at its address: its process is read, never started or stopped, and it
     * is ready once its port or path answers.
     */
    private RunningServer attach(FrontEndSpec spec, ExternalFrontEnd definition, Path rawDir)
            throws ProcessStartException {
        long pid = pidOf(definition);
        ProcessHandle handle = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .orElseThrow(() -> new ProcessStartException(
                        spec.label() + ": no process " + pid + " is running (" + definition.definedIn() + ")"));
        int colon = definition.address().lastIndexOf(':');
        String host = definition.address().substring(0, colon).replaceAll("^\\[|]$", "");
        int port = Integer.parseInt(definition.address().substring(colon + 1));
        ChildProcess process;
        try {
            process = ChildProcess.attached(
                    spec.label(), handle, rawDir.resolve("stdout.log"), rawDir.resolve("stderr.log"));
        } catch (IOException e) {
            throw new ProcessStartException("cannot write in " + rawDir + ": " + e.getMessage());
        }
        RunningServer server = serving(process, host, port, List.of("(already running, pid " + pid + ")"), false);
        awaitReady(definition, server);
        return withJvmFound(spec, server);
    }

    /** {@code process} serving on {@code host:port}, its control endpoint as the topology reaches it. */
    private RunningServer serving(ChildProcess process, String host, int port, List<String> command, boolean tls)
            throws ProcessStartException {
        return new RunningServer(process, host, port, context.control(Role.PROXY, host, port), null, command, tls);
    }

    private static long pidOf(ExternalFrontEnd definition) throws ProcessStartException {
        if (definition.pid() != null) {
            return definition.pid();
        }
        try {
            return Long.parseLong(Files.readString(definition.pidFile()).trim());
        } catch (IOException | NumberFormatException e) {
            throw new ProcessStartException("pidfile " + definition.pidFile() + " holds no pid: " + e.getMessage());
        }
    }

    /**
     * What the kit's placeholders stand for in this front end's turn; {@code pem}: write the chain and
     * key in one file, a copy of the key made only for a definition that reads it.
     */
    Map<String, String> values(FrontEndSpec spec, String host, int port, RunningServer origin, Path dir, boolean pem)
            throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(RunPlaceholder.PORT.key(), String.valueOf(port));
        values.put(RunPlaceholder.ADDRESS.key(), host);
        values.put(RunPlaceholder.LISTEN.key(), hostPort(host, port));
        values.put(RunPlaceholder.ORIGIN.key(), hostPort(origin.host(), origin.port()));
        values.put(RunPlaceholder.ORIGIN_HOST.key(), origin.host());
        values.put(RunPlaceholder.ORIGIN_PORT.key(), String.valueOf(origin.port()));
        values.put(RunPlaceholder.DIR.key(), dir.toString());
        values.put(RunPlaceholder.CORES.key(), String.valueOf(context.cores()));
        values.put(
                RunPlaceholder.CONNECTIONS.key(),
                String.valueOf(context.plan().load().maxConnections()));
        PemFiles tls = context.tlsFor(spec);
        boolean resumption = context.plan().tls().resumption().enabled();
        values.put(RunPlaceholder.TLS.key(), String.valueOf(tls != null));
        values.put(
                RunPlaceholder.TLS_CERT.key(),
                tls == null ? "" : tls.certificateChain().toAbsolutePath().toString());
        values.put(
                RunPlaceholder.TLS_KEY.key(),
                tls == null ? "" : tls.privateKey().toAbsolutePath().toString());
        String combined = "";
        if (tls != null && pem) {
            Path written = CombinedPem.write(tls, dir);
            // like the rendered config: on another box the proxy reads it there
            context.topology().put(Role.PROXY, written);
            combined = written.toString();
        }
        values.put(RunPlaceholder.TLS_PEM.key(), combined);
        values.put(RunPlaceholder.TLS_RESUMPTION.key(), String.valueOf(tls != null && resumption));
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
        if (process.isAttached()) {
            return new ProcessStartException(process.name() + " " + what);
        }
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

    /**
     * A port free right now on {@code host}; the short race until the proxy binds it is accepted (a
     * proxy cannot tell the kit a port-0 bind). An address of another network namespace cannot be
     * bound from here: that namespace is the kit's own and fresh, so any port below the ephemeral
     * range is free there.
     */
    static int freePort(String host) {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            return 20_000 + RANDOM.nextInt(10_000);
        }
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
