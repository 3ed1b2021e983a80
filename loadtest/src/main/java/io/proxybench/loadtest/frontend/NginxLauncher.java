package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Starts nginx as a child process ({@code daemon off}) with a generated config in its raw
 * directory; the port and the foreground process are ForegroundReferenceServer's, as for HAProxy.
 */
public final class NginxLauncher implements FrontEndLauncher {

    private final LaunchContext context;

    public NginxLauncher(LaunchContext context) {
        this.context = context;
    }

    public static Optional<Path> binary() {
        return Executables.find("nginx");
    }

    @Override
    public RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException {
        Path nginx = binary().orElseThrow(
                        () -> new ProcessStartException("nginx is not installed (apt-get install nginx-light)"));
        String host = context.topology().addressOf(Role.PROXY);
        NginxConfig config;
        try {
            config = NginxConfig.forRun(
                    context.plan().load().maxConnections(),
                    context.cores(),
                    spec.settings(),
                    host,
                    ForegroundReferenceServer.freePort(host),
                    origin.host(),
                    origin.port(),
                    rawDir.toAbsolutePath());
            if (context.tls() != null) {
                config = config.withTls(ReferenceTls.of(
                        context.tls(), context.plan().tls().resumption().enabled()));
            }
            Files.createDirectories(rawDir.resolve("tmp"));
            Files.writeString(config.confFile(), config.render());
        } catch (PlanException e) {
            throw new ProcessStartException(e.getMessage());
        } catch (IOException e) {
            throw new ProcessStartException("cannot write the nginx config in " + rawDir + ": " + e.getMessage());
        }
        List<String> command = List.of(
                nginx.toString(),
                "-p",
                rawDir.toAbsolutePath().toString(),
                "-e",
                rawDir.toAbsolutePath().resolve("error.log").toString(),
                "-c",
                config.confFile().toString(),
                "-g",
                "daemon off;");
        return ForegroundReferenceServer.start(context, spec, "nginx", command, host, config.listenPort(), rawDir);
    }
}
