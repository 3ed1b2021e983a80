package io.proxybench.core.server;

import io.proxybench.common.units.DurationSyntax;
import io.proxybench.core.config.ConfigException;
import io.proxybench.core.config.ConfigKey;
import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line both front ends share. Flags map onto config keys; any key can be set with
 * {@code --set key=value}. Once both ports are bound it prints one stdout line,
 * {@code listening port=N admin=M}, for scripts; everything else goes to the log (stderr).
 */
@Command(
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = "Zuul-style HTTP reverse proxy. Settings: defaults < --profile < --config file < "
                + "-Dproxybench.<key> < flags. Keys are listed below; set any with --set key=value.")
public final class ProxyLauncher implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(ProxyLauncher.class);

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "show this help and exit")
    boolean help;

    @Option(names = "--port", description = "client port (server.port); 0 picks a free one")
    Integer port;

    @Option(names = "--admin-port", description = "admin port (admin.port); 0 picks a free one")
    Integer adminPort;

    @Option(names = "--bind", description = "client bind address (server.bind)")
    String bind;

    @Option(
            names = "--route",
            paramLabel = "PREFIX=HOST:PORT[,HOST:PORT]",
            description = "a route; repeat for more. Replaces the routes of lower layers.")
    List<String> routes = new ArrayList<>();

    @Option(names = "--config", paramLabel = "FILE", description = "properties file of config keys")
    Path configFile;

    @Option(names = "--profile", description = "named settings, e.g. 'reference' (the write-up's layout)")
    String profile;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "any config key; repeatable")
    List<String> sets = new ArrayList<>();

    private final ProxyServerFactory factory;
    private ProxyConfig config;

    private ProxyLauncher(ProxyServerFactory factory) {
        this.factory = factory;
    }

    /** Parses {@code args}, starts the front end, serves until SIGTERM. Returns the exit code. */
    public static int run(ProxyServerFactory factory, String[] args) {
        return run(factory, args, System.out, System.err, true);
    }

    /** As {@link #run(ProxyServerFactory, String[])}; with {@code serve=false} it only validates (tests). */
    public static int run(ProxyServerFactory factory, String[] args, PrintStream out, PrintStream err, boolean serve) {
        ProxyLauncher launcher = new ProxyLauncher(factory);
        CommandLine cli = new CommandLine(launcher).setCommandName(factory.name());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.getCommandSpec().usageMessage().footer(keyHelp(factory));
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println(factory.name() + ": " + ex.getMessage() + " (see --help)");
            return 2;
        });
        launcher.serve = serve;
        launcher.out = out;
        launcher.err = err;
        return cli.execute(args);
    }

    private boolean serve;
    private PrintStream out;
    private PrintStream err;

    @Override
    public Integer call() {
        try {
            config = buildConfig();
        } catch (ConfigException e) {
            err.println(factory.name() + ": " + e.getMessage());
            return 2;
        }
        if (config.routes().isEmpty()) {
            err.println(factory.name() + ": no route configured: give --route PREFIX=HOST:PORT");
            return 2;
        }
        if (!serve) {
            return 0;
        }
        ProxyServer server;
        try {
            server = factory.start(config);
        } catch (Exception e) {
            err.println(factory.name() + ": cannot start: " + e.getMessage());
            log.debug("start failed", e);
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            log.info(
                                    "shutdown requested; draining for at most {}",
                                    DurationSyntax.format(config.get(ProxyConfigKeys.SHUTDOWN_DRAIN_TIMEOUT)));
                            server.shutdownGracefully(config.get(ProxyConfigKeys.SHUTDOWN_DRAIN_TIMEOUT));
                            stopped.countDown();
                            log.info("stopped");
                            // A drained stop is a clean exit: without this the JVM reports 143 for SIGTERM.
                            Runtime.getRuntime().halt(0);
                        },
                        "shutdown"));
        out.println("listening port=" + server.port() + " admin=" + server.adminPort());
        out.flush();
        log.info(
                "{} listening on port {} (admin {}), routes {}",
                factory.name(),
                server.port(),
                server.adminPort(),
                config.routes());
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** The validated config these flags describe (exposed for tests). */
    public ProxyConfig config() {
        return config;
    }

    private ProxyConfig buildConfig() {
        List<String> flags = new ArrayList<>();
        if (port != null) {
            flags.add(ProxyConfigKeys.SERVER_PORT.name() + "=" + port);
        }
        if (adminPort != null) {
            flags.add(ProxyConfigKeys.ADMIN_PORT.name() + "=" + adminPort);
        }
        if (bind != null) {
            flags.add(ProxyConfigKeys.SERVER_BIND.name() + "=" + bind);
        }
        if (!routes.isEmpty()) {
            flags.add(ProxyConfigKeys.ROUTES.name() + "=" + String.join(";", routes));
        }
        flags.addAll(sets);
        return new ConfigLoader(factory.schema())
                .profile(profile)
                .file(configFile)
                .systemProperties(System.getProperties())
                .flags(flags)
                .load();
    }

    private static String keyHelp(ProxyServerFactory factory) {
        StringBuilder sb = new StringBuilder("%nConfig keys (default):%n");
        for (ConfigKey<?> key : factory.schema().keys()) {
            // The footer is a picocli format string: escape '%' in free text.
            sb.append(String.format("  %-34s ", key.name()))
                    .append(key.description().replace("%", "%%"))
                    .append(" (")
                    .append(
                            key.defaultText().isEmpty()
                                    ? "none"
                                    : key.defaultText().replace("%", "%%"))
                    .append(")%n");
        }
        sb.append("%nProfiles: ")
                .append(String.join(", ", factory.schema().profileNames()))
                .append("%n");
        return sb.toString();
    }
}
