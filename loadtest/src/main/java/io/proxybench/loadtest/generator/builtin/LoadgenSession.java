package io.proxybench.loadtest.generator.builtin;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** One running {@code proxybench-loadgen --stdin} process: step commands in, one JSON line per step out. */
final class LoadgenSession implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    /** Past a step's duration and timeout: the JVM's own pauses, and writing the interval log. */
    private static final Duration STEP_SLACK = Duration.ofSeconds(30);

    private final URI target;
    private final ChildProcess process;
    /** Its stdout lines, put there by the process's stdout copier as they arrive. */
    private final BlockingQueue<String> lines;

    private LoadgenSession(URI target, ChildProcess process, BlockingQueue<String> lines) {
        this.target = target;
        this.process = process;
        this.lines = lines;
    }

    static LoadgenSession start(GeneratorContext context, Path java, Path jar, URI target, Path rawDir)
            throws GeneratorException {
        List<String> command = new ArrayList<>(List.of(
                java.toString(),
                "-Xms256m",
                "-Xmx1g",
                "-XX:+UseParallelGC",
                "-jar",
                jar.toString(),
                "--stdin",
                "-t",
                Integer.toString(Math.max(1, context.threads()))));
        if (!isLoopback(target.getHost())) {
            // a network namespace the kit made: the proxy's address there is not loopback
            command.addAll(List.of("--allow-host", target.getHost()));
        }
        if (context.tls() != null && "https".equals(target.getScheme())) {
            // the run's CA only; the client offers its sessions again as the run's resumption says; an
            // engine that does not load fails the generator's start rather than falling back
            command.addAll(List.of(
                    "--ca",
                    context.tls().caCertificate().toAbsolutePath().toString(),
                    "--tls-resumption",
                    context.tls().resumption() ? "on" : "off",
                    "--tls-provider",
                    context.tls().provider().id()));
        }
        command.add(target.toString());
        command = context.topology().wrap(Role.GENERATOR, command);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        ChildProcess process;
        try {
            process = ChildProcess.startDriven(
                    "loadgen",
                    command,
                    Map.of(),
                    rawDir.resolve("loadgen.out"),
                    rawDir.resolve("loadgen.err"),
                    context.processes(),
                    lines::add);
        } catch (IOException e) {
            throw new GeneratorException("cannot start the built-in generator: " + e.getMessage());
        }
        LoadgenSession session = new LoadgenSession(target, process, lines);
        try {
            session.await(line -> line.contains("\"type\":\"ready\""), READY_TIMEOUT, "ready line");
        } catch (GeneratorException e) {
            process.stop(Duration.ofSeconds(5));
            throw e;
        }
        return session;
    }

    URI target() {
        return target;
    }

    ProcessHandle handle() {
        return process.handle();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Sends one step command and waits for its JSON line (a step or an error). */
    String step(String command, int durationSec, Duration requestTimeout) throws GeneratorException {
        lines.clear();
        try {
            OutputStream in = process.stdin();
            in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            throw new GeneratorException("built-in generator: cannot send the step: " + e.getMessage()
                    + process.stderrTail().map(t -> " (" + t + ")").orElse(""));
        }
        Duration limit = Duration.ofSeconds(durationSec)
                .plus(requestTimeout.multipliedBy(2))
                .plus(STEP_SLACK);
        return await(
                line -> line.contains("\"type\":\"step\"") || line.contains("\"type\":\"error\""),
                limit,
                "step result");
    }

    private String await(Predicate<String> wanted, Duration limit, String what) throws GeneratorException {
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new GeneratorException(
                            "built-in generator sent no " + what + " within " + limit.toSeconds() + " s");
                }
                String line = lines.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(200)), TimeUnit.NANOSECONDS);
                if (line != null && wanted.test(line)) {
                    return line;
                }
                if (line == null && !process.isAlive() && lines.isEmpty()) {
                    throw new GeneratorException("built-in generator exited with code "
                            + process.exitCode().orElse(-1)
                            + process.stderrTail().map(t -> ": " + t).orElse(""));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GeneratorException("interrupted");
        }
    }

    /** {@code quit}, then a stop if it does not exit by itself. */
    @Override
    public void close() {
        try {
            OutputStream in = process.stdin();
            in.write("quit\n".getBytes(StandardCharsets.UTF_8));
            in.close();
            process.waitFor(Duration.ofSeconds(10));
        } catch (IOException e) {
            // already gone: the stop below is all that is left
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.stop(Duration.ofSeconds(5));
    }

    private static boolean isLoopback(String host) {
        try {
            return host != null && InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
