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
 * Starts HAProxy in the foreground ({@code haproxy -db -f CONFIG}) with a generated config in its raw
 * directory; like nginx it gets a free port picked first and prints no ready line, so the caller's
 * health probe decides when it serves.
 */
public final class HaproxyLauncher implements FrontEndLauncher {

    private final LaunchContext context;

    public HaproxyLauncher(LaunchContext context) {
        this.context = context;
    }

    public static Optional<Path> binary() {
        return Executables.find("haproxy");
    }

    @Override
    public RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException {
        Path haproxy = binary().orElseThrow(
                        () -> new ProcessStartException("haproxy is not installed (apt-get install haproxy)"));
        String host = context.topology().addressOf(Role.PROXY);
        HaproxyConfig config;
        try {
            config = HaproxyConfig.forRun(
                    context.plan().load().maxConnections(),
                    context.cores(),
                    spec.settings(),
                    host,
                    ForegroundReferenceServer.freePort(host),
                    origin.host(),
                    origin.port(),
                    rawDir.toAbsolutePath());
            if (context.tls() != null) {
                ReferenceTls tls = ReferenceTls.of(
                        context.tls(), context.plan().tls().resumption().enabled());
                config = config.withTls(tls, tls.writeCombined(rawDir));
            }
            Files.writeString(config.confFile(), config.render());
        } catch (PlanException e) {
            throw new ProcessStartException(e.getMessage());
        } catch (IOException e) {
            throw new ProcessStartException("cannot write the haproxy config in " + rawDir + ": " + e.getMessage());
        }
        List<String> command =
                List.of(haproxy.toString(), "-db", "-f", config.confFile().toString());
        return ForegroundReferenceServer.start(context, spec, "haproxy", command, host, config.listenPort(), rawDir);
    }
}
