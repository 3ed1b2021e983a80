package io.proxybench.loadgen;

import io.proxybench.loadgen.engine.LoadEngine;
import io.proxybench.loadgen.engine.StepPlan;
import io.proxybench.loadgen.engine.Transport;
import io.proxybench.loadgen.http.RequestTemplate;
import io.proxybench.loadgen.http.Target;
import io.proxybench.loadgen.record.StepSummary;
import io.proxybench.loadgen.session.DurationText;
import io.proxybench.loadgen.session.StepSession;
import io.proxybench.loadgen.tls.ClientTls;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Command line of the built-in generator. Without {@code --stdin} it runs one step from its flags
 * (after an optional unrecorded warm-up) and prints a summary; with {@code --stdin} it runs the step
 * commands it reads, keeping its connections from step to step.
 */
@Command(
        name = "proxybench-loadgen",
        sortOptions = false,
        description = "HTTP load generator: closed (keep-alive), churn and open"
                + " (fixed rate, coordinated-omission corrected) models.")
public final class LoadgenMain implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "URL",
            description = "Target, e.g. http://127.0.0.1:8080/ or https://127.0.0.1:8443/ (loopback unless"
                    + " --allow-host; https needs --ca).")
    String url;

    @Option(
            names = {"-c", "--connections"},
            paramLabel = "N",
            description = "Connections (default: ${DEFAULT-VALUE}).")
    int connections = 10;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "DURATION",
            description = "Length of the step: 10s, 500ms, 2m (default: ${DEFAULT-VALUE}).")
    String duration = "10s";

    @Option(
            names = {"-t", "--threads"},
            paramLabel = "N",
            description = "Event loops (default: one per core).")
    Integer threads;

    @Option(
            names = {"-R", "--rate"},
            paramLabel = "REQ/S",
            description = "Open model: requests per second over all connections,"
                    + " latency from the intended send time (default: closed model).")
    double rate;

    @Option(names = "--churn", description = "A new connection per request (Connection: close).")
    boolean churn;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "Per-request and connect timeout (default: ${DEFAULT-VALUE}).")
    String timeout = "2s";

    @Option(
            names = {"-H", "--header"},
            paramLabel = "'NAME: VALUE'",
            description = "Extra request header; repeatable.")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            description = "One-shot: an unrecorded step first, same settings (default: none).")
    String warmup;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "One-shot: step name, the stem of its files (default: ${DEFAULT-VALUE}).")
    String name = "run";

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write loadgen-NAME.hlog (per-second histograms) and loadgen-NAME.json there.")
    Path out;

    @Option(names = "--json", description = "One-shot: print the step's JSON line instead of the text summary.")
    boolean json;

    @Option(
            names = "--stdin",
            description = "Read step commands from stdin, one per line; answer one JSON line each (docs/loadgen.md).")
    boolean stdin;

    @Option(
            names = "--allow-host",
            paramLabel = "HOST",
            description = "A non-loopback host the load may go to (a network namespace made for the test).")
    String allowHost;

    @Option(
            names = "--ca",
            paramLabel = "PEM",
            description = "https: the one CA certificate to trust (the chain is checked, the name is not).")
    Path caCertificate;

    @Option(
            names = "--tls-resumption",
            paramLabel = "on|off",
            description =
                    "https: a new connection offers its earlier session to the target (default: ${DEFAULT-VALUE}).")
    String tlsResumption = "on";

    @Option(
            names = "--tls-provider",
            paramLabel = "KIND",
            description = "https: auto (openssl where it loads), openssl or jdk (default: ${DEFAULT-VALUE}).")
    String tlsProvider = "auto";

    @Option(names = "--transport", paramLabel = "KIND", description = "auto, epoll or nio (default: ${DEFAULT-VALUE}).")
    String transport = "auto";

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        // Leak tracking samples allocations on the hot path; the tests run it at paranoid, a load run has no use for
        // it.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            System.setProperty("io.netty.leakDetection.level", "disabled");
        }
        System.exit(commandLine(new LoadgenMain()).execute(args));
    }

    /** A command line whose usage errors print one line to stderr and exit with code 2. */
    static CommandLine commandLine(LoadgenMain command) {
        CommandLine cmd = new CommandLine(command);
        cmd.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("proxybench-loadgen: " + ex.getMessage());
            ex.getCommandLine().getErr().flush();
            return CommandLine.ExitCode.USAGE;
        });
        return cmd;
    }

    /** The TLS client of an https target; null for http. */
    private ClientTls tls(Target target) {
        if (!target.https()) {
            if (caCertificate != null) {
                throw new IllegalArgumentException("--ca is for an https:// target");
            }
            return null;
        }
        if (caCertificate == null) {
            throw new IllegalArgumentException("an https:// target needs --ca PEM, the one CA to trust");
        }
        if (!tlsResumption.equals("on") && !tlsResumption.equals("off")) {
            throw new IllegalArgumentException("--tls-resumption must be on or off, got '" + tlsResumption + "'");
        }
        return ClientTls.create(
                caCertificate,
                ClientTls.Provider.of(tlsProvider),
                tlsResumption.equals("on"),
                target.host(),
                target.port());
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Target target;
        InetSocketAddress address;
        StepPlan plan;
        Transport selected;
        byte[] keepAlive;
        byte[] close;
        ClientTls tls;
        try {
            target = Target.parse(url);
            tls = tls(target);
            address = new InetSocketAddress(target.resolve(allowHost), target.port());
            plan = new StepPlan(
                    name, connections, DurationText.parse(duration), rate, churn, DurationText.parse(timeout));
            selected = Transport.select(transport);
            keepAlive = RequestTemplate.encode("GET", target, headers, false);
            close = RequestTemplate.encode("GET", target, headers, true);
            if (threads != null && (threads < 1 || threads > 1024)) {
                throw new IllegalArgumentException("threads must be within 1..1024, got " + threads);
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        int loops = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        PrintStream stdout = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        try (LoadEngine engine = new LoadEngine(address, target.toString(), loops, selected, keepAlive, close, tls)) {
            if (stdin) {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                new StepSession(engine, plan, out, stdout).serve(in, target.toString());
                return CommandLine.ExitCode.OK;
            }
            if (warmup != null) {
                Duration warm = DurationText.parse(warmup);
                engine.run(
                        new StepPlan("warmup", plan.connections(), warm, plan.rate(), plan.churn(), plan.timeout()),
                        null);
            }
            StepSummary summary = StepSession.runStep(engine, plan, out);
            stdout.print(json ? summary.toJson() + System.lineSeparator() : summary.toText());
            stdout.flush();
            engine.settle();
        }
        return CommandLine.ExitCode.OK;
    }
}
