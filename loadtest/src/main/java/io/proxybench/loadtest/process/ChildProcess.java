package io.proxybench.loadtest.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A process the kit started, with its output in log files.
 *
 * <p>Stdout is copied line by line to its log so that a ready line ({@code listening port=...}) can
 * be waited for; stderr goes straight to its file. {@link #stop} ends the whole process tree.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ChildProcess.class);

    private final String name;
    private final Process process;
    private final Path stdoutLog;
    private final Path stderrLog;
    private final ChildProcessRegistry registry;
    private volatile boolean attached;
    private volatile String stopSignal;
    private volatile Duration stopSignalGrace = Duration.ZERO;
    private final long startedNanos = System.nanoTime();
    private final CompletableFuture<String> readyLine = new CompletableFuture<>();
    private final Predicate<String> readyTest;
    private volatile Consumer<String> lineListener = line -> {};

    private ChildProcess(
            String name,
            Process process,
            Path stdoutLog,
            Path stderrLog,
            ChildProcessRegistry registry,
            Predicate<String> readyTest) {
        this.name = name;
        this.readyTest = readyTest;
        this.process = process;
        this.stdoutLog = stdoutLog;
        this.stderrLog = stderrLog;
        this.registry = registry;
    }

    /**
     * Starts {@code command}; its stdout is copied to {@code stdoutLog}, and the first line that
     * {@code readyTest} accepts completes {@link #awaitReady}; stderr goes to {@code stderrLog}.
     */
    public static ChildProcess start(
            String name,
            List<String> command,
            Map<String, String> env,
            Path stdoutLog,
            Path stderrLog,
            ChildProcessRegistry registry,
            Predicate<String> readyTest)
            throws IOException {
        return start(name, command, env, stdoutLog, stderrLog, registry, readyTest, null);
    }

    /**
     * Like {@link #start}, for a process driven through its stdin ({@link #stdin}): every stdout line
     * also goes to {@code lines}, on the copier thread, as it arrives.
     */
    public static ChildProcess startDriven(
            String name,
            List<String> command,
            Map<String, String> env,
            Path stdoutLog,
            Path stderrLog,
            ChildProcessRegistry registry,
            Consumer<String> lines)
            throws IOException {
        return start(name, command, env, stdoutLog, stderrLog, registry, line -> false, lines);
    }

    private static ChildProcess start(
            String name,
            List<String> command,
            Map<String, String> env,
            Path stdoutLog,
            Path stderrLog,
            ChildProcessRegistry registry,
            Predicate<String> readyTest,
            Consumer<String> lines)
            throws IOException {
        Files.createDirectories(stdoutLog.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(stderrLog.toFile())
                .redirectInput(
                        lines != null
                                ? ProcessBuilder.Redirect.PIPE
                                : ProcessBuilder.Redirect.from(
                                        Path.of("/dev/null").toFile()));
        builder.environment().putAll(env);
        LOG.debug("starting {}: {}", name, String.join(" ", command));
        Process process = builder.start();
        ChildProcess child = new ChildProcess(name, process, stdoutLog, stderrLog, registry, readyTest);
        if (lines != null) {
            child.lineListener = lines;
        }
        registry.add(child);
        Thread copier = new Thread(child::copyStdout, name + "-stdout");
        copier.setDaemon(true);
        copier.start();
        process.onExit()
                .thenRun(() -> child.readyLine.completeExceptionally(
                        new IllegalStateException(name + " exited with code " + process.exitValue())));
        return child;
    }

    private void copyStdout() {
        try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer out = Files.newBufferedWriter(stdoutLog, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line);
                out.write('\n');
                lineListener.accept(line);
                if (!readyLine.isDone() && readyTest.test(line)) {
                    out.flush();
                    readyLine.complete(line);
                }
            }
        } catch (IOException e) {
            LOG.debug("{}: stdout copy ended: {}", name, e.getMessage());
        }
    }

    /**
     * Waits for the ready line. Fails with a one-line reason when the process exits first or the time
     * runs out; the reason quotes the end of its stderr.
     */
    public String awaitReady(Duration timeout) throws ProcessStartException {
        try {
            return readyLine.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new ProcessStartException(name + " printed no ready line within " + timeout.toSeconds() + " s"
                    + stderrTail().map(t -> ": " + t).orElse(""));
        } catch (ExecutionException e) {
            // the copier may still be flushing the last stdout lines; stderr is a file, complete on exit
            throw new ProcessStartException(e.getCause().getMessage() + " before it was ready"
                    + stderrTail().map(t -> ": " + t).orElse(""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessStartException(name + ": interrupted while waiting for it to start");
        }
    }

    /** The process's stdin, for one started by {@link #startDriven}. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /** The last non-blank line of stderr, the usual place of a one-line error. */
    public Optional<String> stderrTail() {
        try {
            List<String> lines = Files.readAllLines(stderrLog, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return Optional.of(lines.get(i).trim());
                }
            }
        } catch (IOException e) {
            // no log, nothing to quote
        }
        return Optional.empty();
    }

    /** True for a process the kit did not start ({@link #attached}). */
    public boolean isAttached() {
        return attached;
    }

    public String name() {
        return name;
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Exit code, or empty while running. */
    public Optional<Integer> exitCode() {
        return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
    }

    /** Waits for the process to end by itself; false when it is still running after {@code timeout}. */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void signalRoot() {
        try {
            Process kill = new ProcessBuilder("kill", "-s", stopSignal, String.valueOf(pid()))
                    .redirectErrorStream(true)
                    .start();
            kill.waitFor(5, TimeUnit.SECONDS);
            if (!process.waitFor(stopSignalGrace.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn(
                        "{} (pid {}) did not stop within {} s of SIG{}",
                        name,
                        pid(),
                        stopSignalGrace.toSeconds(),
                        stopSignal);
            }
        } catch (IOException e) {
            LOG.warn("{}: cannot send SIG{}: {}", name, stopSignal, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    long startedNanos() {
        return startedNanos;
    }

    /**
     * A process that is already running, not started by the kit and never stopped by it: a proxy
     * given by address. It is read like a child (its handle, its tree) and has no output of its own.
     */
    public static ChildProcess attached(String name, ProcessHandle handle, Path stdoutLog, Path stderrLog)
            throws IOException {
        Files.createDirectories(stdoutLog.toAbsolutePath().getParent());
        ChildProcess child = new ChildProcess(
                name, new AttachedProcess(handle), stdoutLog, stderrLog, new ChildProcessRegistry(), line -> false);
        child.attached = true;
        return child;
    }

    /**
     * Stops it first with {@code signal} to its root process (a proxy's own graceful stop: nginx's
     * QUIT, httpd's WINCH), waiting {@code grace}; {@link #stop} then ends whatever is left.
     */
    public ChildProcess stoppedBy(String signal, Duration grace) {
        this.stopSignal = signal;
        this.stopSignalGrace = grace;
        return this;
    }

    /** The last {@code count} non-blank lines of stderr, joined: what a failed start said. */
    public Optional<String> stderrLines(int count) {
        try {
            List<String> lines = Files.readAllLines(stderrLog, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank())
                    .map(String::trim)
                    .toList();
            return lines.isEmpty()
                    ? Optional.empty()
                    : Optional.of(String.join(" | ", lines.subList(Math.max(0, lines.size() - count), lines.size())));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** SIGTERM to the tree, SIGKILL after {@code grace}; idempotent. */
    public void stop(Duration grace) {
        if (attached) {
            return;
        }
        // the tree as it is now: a shell that dies of the stop signal leaves its children re-parented
        List<ProcessHandle> tree = ProcessTrees.tree(process.toHandle());
        if (stopSignal != null && process.isAlive()) {
            signalRoot();
        }
        List<ProcessHandle> left = tree.stream().filter(ProcessHandle::isAlive).toList();
        if (!left.isEmpty() && !ProcessTrees.terminate(left, grace)) {
            LOG.warn("{} (pid {}) did not stop within {} s of SIGTERM: killed", name, pid(), grace.toSeconds());
        }
        // The handle's exit future can complete before the Process object records the exit;
        // wait for the latter so isAlive() is false once stop() returns.
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        registry.remove(this);
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(10));
    }
}
