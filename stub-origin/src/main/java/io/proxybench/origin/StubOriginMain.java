package io.proxybench.origin;

import io.proxybench.common.units.ByteSizeSyntax;
import io.proxybench.common.units.DurationSyntax;
import io.proxybench.origin.behavior.FaultMix;
import io.proxybench.origin.behavior.LatencyModel;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Command line of the stub origin. Prints one line {@code listening port=<port>} to stdout once bound. */
@Command(
        name = "stub-origin",
        sortOptions = false,
        description =
                "HTTP origin for proxy benchmarks: a fixed payload after a modelled latency, with fault injection.")
public final class StubOriginMain implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(StubOriginMain.class);

    @Option(
            names = "--port",
            paramLabel = "N",
            description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port = 0;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String bind = "127.0.0.1";

    @Option(
            names = "--payload-size",
            paramLabel = "SIZE",
            converter = ByteSizeConverter.class,
            description = "Body size of each answer: 1024, 64KiB, 2MiB (default: ${DEFAULT-VALUE}).")
    int payloadSize = 1024;

    @Option(
            names = "--latency",
            paramLabel = "MODEL",
            converter = LatencyConverter.class,
            description = "Delay after a complete request: 50ms, 250us, 1s, 0 or uniform:40ms..60ms"
                    + " (default: ${DEFAULT-VALUE}).")
    LatencyModel latency = LatencyModel.parse("50ms");

    @Option(names = "--threads", paramLabel = "N", description = "Event loops (default: one per core).")
    Integer threads;

    @Option(
            names = "--max-connections",
            paramLabel = "N",
            description = "Open connections beyond which new ones are closed at accept; 0 = no limit"
                    + " (default: ${DEFAULT-VALUE}).")
    int maxConnections = 0;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Seed of the random payload bytes (default: ${DEFAULT-VALUE}).")
    long seed = StubOriginOptions.DEFAULT_SEED;

    @Option(
            names = "--fault-rate",
            paramLabel = "MIX",
            converter = FaultMixConverter.class,
            description = "Share of requests per fault, e.g. status-500=0.01,reset=0.001; kinds: status-500, reset, "
                    + "close-mid-body, garbage, stall, slow-body (default: none).")
    FaultMix faultMix = FaultMix.NONE;

    @Option(names = "--transport", paramLabel = "KIND", description = "auto, epoll or nio (default: auto).")
    OriginTransport transport = OriginTransport.AUTO;

    @Option(
            names = "--drain-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "On SIGTERM, how long answers in flight may take to finish (default: 5s).")
    Duration drainTimeout = Duration.ofSeconds(5);

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    private final boolean stopOnSignals;
    private final CountDownLatch stopRequested = new CountDownLatch(1);

    /** {@code stopOnSignals} is for the real process only: in-process callers stop it with {@link #requestStop()}. */
    StubOriginMain(boolean stopOnSignals) {
        this.stopOnSignals = stopOnSignals;
    }

    public static void main(String[] args) {
        System.exit(commandLine(new StubOriginMain(true)).execute(args));
    }

    /** A command line whose usage errors print one line to stderr and exit with code 2. */
    static CommandLine commandLine(StubOriginMain command) {
        CommandLine cmd = new CommandLine(command);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("stub-origin: " + ex.getMessage());
            ex.getCommandLine().getErr().flush();
            return CommandLine.ExitCode.USAGE;
        });
        return cmd;
    }

    @Override
    public Integer call() throws InterruptedException {
        StubOriginOptions options;
        try {
            options = StubOriginOptions.builder()
                    .port(port)
                    .bindAddress(bind)
                    .payloadSize(payloadSize)
                    .latency(latency)
                    .threads(threads == null ? Runtime.getRuntime().availableProcessors() : threads)
                    .maxConnections(maxConnections)
                    .seed(seed)
                    .faultMix(faultMix)
                    .transport(transport)
                    .drainTimeout(drainTimeout)
                    .build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        StubOrigin origin = new StubOrigin(options);
        try {
            origin.start();
        } catch (UncheckedIOException | IllegalStateException e) {
            log.error("{}", e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        }
        if (stopOnSignals) {
            StopSignals.onStop(this::requestStop);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("listening port=" + origin.port());
        out.flush();
        stopRequested.await();
        origin.close();
        return CommandLine.ExitCode.OK;
    }

    /** Stops the running command as SIGTERM would. */
    void requestStop() {
        stopRequested.countDown();
    }

    /** Turns a parser's refusal into picocli's one-line usage error. */
    abstract static class ParsingConverter<T> implements CommandLine.ITypeConverter<T> {
        @Override
        public final T convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }

        abstract T parse(String value);
    }

    static final class LatencyConverter extends ParsingConverter<LatencyModel> {
        @Override
        LatencyModel parse(String value) {
            return LatencyModel.parse(value);
        }
    }

    static final class FaultMixConverter extends ParsingConverter<FaultMix> {
        @Override
        FaultMix parse(String value) {
            return FaultMix.parse(value);
        }
    }

    static final class DurationConverter extends ParsingConverter<Duration> {
        @Override
        Duration parse(String value) {
            return DurationSyntax.parse(value);
        }
    }

    static final class ByteSizeConverter extends ParsingConverter<Integer> {
        @Override
        Integer parse(String value) {
            // Out-of-range sizes are refused by the options' own payload limit.
            return (int) Math.min(Integer.MAX_VALUE, ByteSizeSyntax.parse(value));
        }
    }
}
