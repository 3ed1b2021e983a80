package io.proxybench.loadtest.frontend;

import io.proxybench.common.tls.PemFiles;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts proxy-netty or proxy-tomcat:
 * {@code java <profile, --gc, --jvm-arg, the variant's jvm=> -jar proxy-<kind>.jar --port 0
 * --admin-port 0 --route /=origin [--profile reference] [--set tls.*=... on a --tls run] [--set k=v ...]}.
 */
public final class JvmProxyLauncher implements FrontEndLauncher {

    /** Debian's libtcnative for Tomcat's APR connector; JDKs other than Debian's do not look there. */
    static final Path TCNATIVE_DIR = Path.of("/usr/lib/x86_64-linux-gnu");

    /** The proxies' default {@code admin.bind} (and {@code server.bind}). */
    static final String ADMIN_HOST = "127.0.0.1";

    private final LaunchContext context;

    public JvmProxyLauncher(LaunchContext context) {
        this.context = context;
    }

    @Override
    public RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException {
        Path jar = context.layout().proxyJar(spec.kind().id(), spec.label());
        if (!Files.isRegularFile(jar)) {
            throw new ProcessStartException(
                    jar.getFileName() + " not found at " + jar + " (build: mvn -B -DskipTests package)");
        }
        String host = context.topology().addressOf(Role.PROXY);
        List<String> command = command(spec, jar, host, origin, rawDir);
        List<String> wrapped = context.topology().wrap(Role.PROXY, command);
        ChildProcess process;
        try {
            process = ChildProcess.start(
                    spec.label(),
                    wrapped,
                    Map.of(),
                    rawDir.resolve("stdout.log"),
                    rawDir.resolve("stderr.log"),
                    context.processes(),
                    ReadyLine::matches);
        } catch (IOException e) {
            throw new ProcessStartException("cannot start " + spec.label() + ": " + e.getMessage());
        }
        ReadyLine ready =
                ReadyLine.parse(process.awaitReady(LaunchContext.START_TIMEOUT)).orElseThrow();
        if (ready.adminPort() == null) {
            process.stop(Duration.ofSeconds(10));
            throw new ProcessStartException(spec.label() + " printed no admin port in its ready line");
        }
        // the admin port stays on the proxy's own loopback, out of the load's way
        return new RunningServer(
                process,
                host,
                ready.port(),
                context.control(Role.PROXY, host, ready.port()),
                context.control(Role.PROXY, ADMIN_HOST, ready.adminPort()),
                wrapped,
                context.tlsFor(spec) != null);
    }

    List<String> command(FrontEndSpec spec, Path jar, String host, RunningServer origin, Path rawDir) {
        List<String> command = new ArrayList<>();
        command.add(context.javaBinary().toString());
        command.addAll(jvmArgs(spec, rawDir));
        command.addAll(List.of(
                "-jar",
                jar.toString(),
                "--port",
                "0",
                "--admin-port",
                "0",
                "--route",
                "/=" + origin.host() + ":" + origin.port()));
        command.addAll(context.plan().jvm().profile().proxyArgs(spec.kind()));
        if (!host.equals(ADMIN_HOST)) {
            command.addAll(List.of("--set", "server.bind=" + host));
        }
        PemFiles tls = context.tlsFor(spec);
        if (tls != null) {
            // before the variant's own settings, which may change one (tls.protocols, say)
            command.addAll(List.of(
                    "--set",
                    "tls.enabled=true",
                    "--set",
                    "tls.cert=" + tls.certificateChain().toAbsolutePath(),
                    "--set",
                    "tls.key=" + tls.privateKey().toAbsolutePath(),
                    "--set",
                    "tls.resumption=" + context.plan().tls().resumption().enabled()));
        }
        spec.proxySettings().forEach((k, v) -> command.addAll(List.of("--set", k + "=" + v)));
        return command;
    }

    /** What run.json records as the front end's JVM flags. */
    public List<String> jvmArgs(FrontEndSpec spec, Path rawDir) {
        List<String> args = new ArrayList<>(context.plan().jvm().argsFor(spec));
        if (spec.kind().id().equals("tomcat")
                && Files.isRegularFile(TCNATIVE_DIR.resolve("libtcnative-1.so"))
                && args.stream().noneMatch(a -> a.startsWith("-Djava.library.path="))) {
            args.add("-Djava.library.path=" + TCNATIVE_DIR);
        }
        return args;
    }
}
