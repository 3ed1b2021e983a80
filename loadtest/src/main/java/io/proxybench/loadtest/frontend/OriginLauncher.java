package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.JvmProfile;
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
 * Starts stub-origin: {@code --latency}, {@code --payload-size} and {@code --fault-rate} from the run,
 * on an ephemeral port.
 */
public final class OriginLauncher {

    /**
     * The origin is not under test: a fixed heap keeps its GC out of the picture, and a once-a-second
     * performance-data sampler its 20 wake-ups a second off the cores the front end shares.
     */
    static final List<String> JVM_ARGS = List.of("-Xms512m", "-Xmx512m", JvmProfile.PERF_DATA_SAMPLING);

    private final LaunchContext context;

    public OriginLauncher(LaunchContext context) {
        this.context = context;
    }

    public RunningServer start(Path rawDir) throws ProcessStartException {
        Path jar = context.layout().originJar();
        if (!Files.isRegularFile(jar)) {
            throw new ProcessStartException(
                    "stub-origin jar not found at " + jar + " (build: mvn -B -DskipTests package)");
        }
        String host = context.topology().addressOf(Role.ORIGIN);
        List<String> command = new ArrayList<>();
        command.add(context.javaBinary().toString());
        command.addAll(JVM_ARGS);
        command.addAll(List.of(
                "-jar",
                jar.toString(),
                "--port",
                "0",
                "--bind",
                host,
                "--latency",
                latencySpelling(context.plan().origin().latency()),
                "--payload-size",
                Integer.toString(context.plan().origin().payloadBytes())));
        if (!context.plan().origin().faults().isEmpty()) {
            command.addAll(
                    List.of("--fault-rate", context.plan().origin().faults().faultRateArgument()));
        }
        List<String> wrapped = context.topology().wrap(Role.ORIGIN, command);
        ChildProcess process;
        try {
            process = ChildProcess.start(
                    "stub-origin",
                    wrapped,
                    Map.of(),
                    rawDir.resolve("origin.stdout.log"),
                    rawDir.resolve("origin.stderr.log"),
                    context.processes(),
                    ReadyLine::matches);
        } catch (IOException e) {
            throw new ProcessStartException("cannot start stub-origin: " + e.getMessage());
        }
        String line = process.awaitReady(LaunchContext.START_TIMEOUT);
        ReadyLine ready = ReadyLine.parse(line).orElseThrow();
        return new RunningServer(
                process, host, ready.port(), context.control(Role.ORIGIN, host, ready.port()), null, wrapped);
    }

    /** stub-origin's spelling: whole milliseconds, else microseconds. */
    static String latencySpelling(Duration latency) {
        long nanos = latency.toNanos();
        if (nanos % 1_000_000 == 0) {
            return nanos / 1_000_000 + "ms";
        }
        return nanos % 1_000 == 0 ? nanos / 1_000 + "us" : nanos + "ns";
    }
}
