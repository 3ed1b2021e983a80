package io.proxybench.loadtest.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import one.convert.Arguments;
import one.convert.Main;
import one.jfr.JfrReader;
import one.jfr.event.AllocationSample;
import one.profiler.AsyncProfilerLoader;

/**
 * Drives async-profiler in another JVM through the {@code asprof} ap-loader bundles (extracted with
 * its native library on first use): one session samples CPU, allocations and contended locks together
 * into a JFR-format file, which is then split into a CPU, an allocation and a lock flame graph.
 *
 * <p>{@code -e cpu} is perf_events where the kernel allows it and setitimer otherwise
 * (kernel.perf_event_paranoid, seccomp); {@link #cpuEngine} says which one a process gets, since an
 * itimer profile has no kernel frames and that changes what a flame graph can show.
 *
 * <p>Allocation samples only start once a thread takes a new TLAB after {@link #start}; the caller
 * makes that happen at once with {@link TlabRefill}, or a short step of a quiet JVM records none.
 */
public final class AsyncProfilerControl {

    /**
     * Mean bytes a thread allocates between two of its allocation samples. A proxy's event loop at 10
     * connections allocates a few hundred KB in a two-second step: at 512 KiB that step got one to five
     * samples, at 32 KiB a few dozen. At 20k req/s it is about a thousand samples a second.
     */
    static final String ALLOC_INTERVAL = "32k";

    /**
     * async-profiler's lock sampling interval: a sample for about every 10 µs threads spend waiting for a
     * contended monitor or {@code java.util.concurrent} lock, each carrying its own wait (its default).
     */
    static final String LOCK_INTERVAL = "10us";

    public static final String PERF_EVENTS = "perf_events";
    public static final String ITIMER = "itimer";

    private AsyncProfilerControl() {}

    /** Extracts asprof and the library; the reason as one line when this machine cannot run them. */
    public static AsyncProfilerControl load() throws ProfilerException {
        try {
            if (!AsyncProfilerLoader.isSupported()) {
                throw new ProfilerException("async-profiler has no library for " + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch"));
            }
            AsyncProfilerLoader.getAsyncProfilerPath();
        } catch (IOException | RuntimeException | LinkageError e) {
            throw new ProfilerException("async-profiler cannot be extracted: " + e.getMessage());
        }
        return new AsyncProfilerControl();
    }

    /** {@value #PERF_EVENTS} or {@value #ITIMER}: what {@code -e cpu} samples with in {@code pid}. */
    public String cpuEngine(long pid) throws ProfilerException {
        // asprof lists the perf events only where perf_event_open works for the target
        return asprof("list", Long.toString(pid)).contains("Perf events:") ? PERF_EVENTS : ITIMER;
    }

    public void start(long pid, Path jfrFile) throws ProfilerException {
        asprof(startCommand(pid, jfrFile).toArray(String[]::new));
    }

    static List<String> startCommand(long pid, Path jfrFile) {
        return List.of(
                "start",
                "-e",
                "cpu",
                "--alloc",
                ALLOC_INTERVAL,
                "--lock",
                LOCK_INTERVAL,
                "-o",
                "jfr",
                "-f",
                jfrFile.toAbsolutePath().toString(),
                Long.toString(pid));
    }

    /** Ends the session and writes its samples to {@code jfrFile}. */
    public void stop(long pid, Path jfrFile) throws ProfilerException {
        asprof("stop", "-o", "jfr", "-f", jfrFile.toAbsolutePath().toString(), Long.toString(pid));
        if (!Files.isRegularFile(jfrFile)) {
            throw new ProfilerException("asprof stop wrote no " + jfrFile.getFileName());
        }
    }

    /** The CPU and the allocation flame graph of one session's file, as self-contained HTML pages. */
    public static void flameGraphs(Path jfrFile, Path cpuHtml, Path allocHtml, String title) throws ProfilerException {
        convert(jfrFile, cpuHtml, "--cpu", title + ": CPU");
        convert(jfrFile, allocHtml, "--alloc", title + ": allocations");
    }

    /** The lock flame graph of one session's file: where threads waited for contended locks, by wait time. */
    public static void lockFlameGraph(Path jfrFile, Path lockHtml, String title) throws ProfilerException {
        convert(jfrFile, lockHtml, "--lock", title + ": lock waits");
    }

    /** How many allocation samples a session's file holds: none means an empty allocation flame graph. */
    public static int allocationSamples(Path jfrFile) throws ProfilerException {
        try (JfrReader reader = new JfrReader(jfrFile.toString())) {
            return reader.readAllEvents(AllocationSample.class).size();
        } catch (IOException | RuntimeException e) {
            throw new ProfilerException("reading " + jfrFile.getFileName() + ": " + e.getMessage());
        }
    }

    private static void convert(Path jfrFile, Path html, String event, String title) throws ProfilerException {
        try {
            Main.convert(jfrFile.toString(), html.toString(), new Arguments("-o", "html", event, "--title", title));
        } catch (IOException | RuntimeException e) {
            throw new ProfilerException("flame graph " + html.getFileName() + ": " + e.getMessage());
        }
    }

    private static String asprof(String... args) throws ProfilerException {
        try {
            AsyncProfilerLoader.ExecutionResult result = AsyncProfilerLoader.executeProfiler(args);
            return result.getStdout() + result.getStderr();
        } catch (IOException | RuntimeException e) {
            throw new ProfilerException("asprof " + args[0] + ": " + oneLine(e.getMessage()));
        }
    }

    private static String oneLine(String text) {
        return text == null ? "failed" : text.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
