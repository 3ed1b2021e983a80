package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.Profiler;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.profile.AsyncProfilerControl;
import io.proxybench.loadtest.profile.ContendedLocks;
import io.proxybench.loadtest.profile.FlightRecorderControl;
import io.proxybench.loadtest.profile.ProfilerException;
import io.proxybench.loadtest.profile.TlabRefill;
import io.proxybench.loadtest.results.LockContention;
import io.proxybench.loadtest.results.StepRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --profile} for the measured steps only: each recording starts just before a step's load and
 * is written just after it, so neither the warm-up nor the pauses between steps are in it. Files go to
 * {@code raw/<front end>/}: {@code <step>.jfr} (Flight Recorder), {@code <step>-cpu.html},
 * {@code <step>-alloc.html} and {@code <step>-lock.html} (async-profiler), and the step's most contended
 * lock goes into its record. Only JVM front ends are profiled.
 *
 * <p>A profiler that cannot work here is one warning in run.json and the run goes on without it; a
 * step whose recording fails is a warning too, and its figures are kept.
 */
final class StepProfiler {

    private static final Logger LOG = LoggerFactory.getLogger(StepProfiler.class);
    private static final String RECORDING_PREFIX = "proxybench-";
    /** The warm-up session's file name stem; no step is named this. */
    private static final String PRIMING = "warmup";

    private final Profiler profiler;
    private final Path javaHome;
    private final boolean warmupLoad;
    private final RunRecorder recorder;
    private FlightRecorderControl jfr;
    private AsyncProfilerControl async;
    private TlabRefill tlabs;
    /** A profiler found missing is not looked for again, and warned about once. */
    private boolean jfrGone;

    private boolean asyncGone;
    private boolean itimerNoted;
    private boolean noAllocNoted;

    private String label;
    /** The JVM recorded: the kit's own proxy, or one a definition's command runs; null for none. */
    private ProcessHandle process;

    private Path raw;
    private String cpuEngine;
    private boolean jfrRecording;
    private boolean asyncRecording;
    private boolean priming;
    /** The step's most contended lock, from its async-profiler session; null until read. */
    private LockContention locks;

    StepProfiler(RunPlan plan, RunRecorder recorder) {
        this.profiler = plan.profiler();
        this.javaHome = plan.jvm().javaHome();
        this.warmupLoad = !plan.warmup().none();
        this.recorder = recorder;
    }

    /** The front end whose steps come next; one that runs no JVM (nginx, HAProxy) is not profiled. */
    void frontEnd(FrontEndSpec spec, RunningServer server, Path rawDir) throws IOException {
        process = null;
        if (!profiler.jvm() || server.jvmProcess() == null) {
            return;
        }
        label = spec.label();
        process = server.jvmProcess();
        raw = rawDir;
        if (profiler.jfr() && jfr == null && !jfrGone) {
            jfr = FlightRecorderControl.find(javaHome).orElse(null);
            if (jfr == null) {
                jfrGone = true;
                recorder.warning("--profile jfr: no jcmd in the JDK (" + System.getProperty("java.home")
                        + "): the run goes on without JFR recordings");
            }
        }
        if (profiler.async() && async == null && !asyncGone) {
            try {
                async = AsyncProfilerControl.load();
            } catch (ProfilerException e) {
                asyncUnavailable(e);
            }
            tlabs = TlabRefill.find(javaHome).orElse(null);
        }
        if (async != null) {
            try {
                cpuEngine = async.cpuEngine(process.pid());
                LOG.info("[{}] async-profiler samples CPU with {}", label, cpuEngine);
                if (cpuEngine.equals(AsyncProfilerControl.ITIMER) && !itimerNoted) {
                    itimerNoted = true;
                    recorder.warning("async-profiler: perf_events not allowed here (kernel.perf_event_paranoid or a"
                            + " seccomp filter): CPU flame graphs are sampled with itimer and show no kernel frames");
                }
            } catch (ProfilerException e) {
                asyncUnavailable(e);
            }
        }
    }

    /**
     * Just before the warm-up's load: an allocation-sampling session that only primes the sampler and is
     * thrown away at {@link #warmupEnded}. The first session in a JVM to sample allocations often missed
     * the event loops altogether (2 of 8 fresh netty proxies: not one sample in a two-second step at 10
     * connections), while every session after one that had collected and carried load sampled them
     * (8 of 8 after this priming), so the steps' sessions are never the first.
     */
    void warmupStarting() throws IOException {
        if (process == null || async == null || !warmupLoad) {
            return;
        }
        try {
            async.start(process.pid(), asyncFile(PRIMING));
            priming = true;
        } catch (ProfilerException e) {
            asyncUnavailable(e);
            return;
        }
        try {
            if (tlabs != null) {
                tlabs.collect(process.pid());
            }
        } catch (ProfilerException e) {
            LOG.warn("[{}] priming the allocation sampler: {}", label, e.getMessage());
        }
    }

    /** Just after the warm-up's load: ends the priming session and drops what it recorded. */
    void warmupEnded() throws IOException {
        if (!priming) {
            return;
        }
        priming = false;
        Path file = asyncFile(PRIMING);
        try {
            if (process.isAlive()) {
                async.stop(process.pid(), file);
            }
        } catch (ProfilerException e) {
            LOG.warn("[{}] priming the allocation sampler: {}", label, e.getMessage());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Just before the step's load starts. */
    void start(String step) throws IOException {
        jfrRecording = false;
        asyncRecording = false;
        locks = null;
        if (process == null) {
            return;
        }
        if (jfr != null) {
            try {
                jfr.start(process.pid(), RECORDING_PREFIX + step);
                jfrRecording = true;
            } catch (ProfilerException e) {
                recorder.warning("[" + label + "] step " + step + ": no JFR recording (" + e.getMessage() + ")");
            }
        }
        if (async != null) {
            try {
                async.start(process.pid(), asyncFile(step));
                asyncRecording = true;
            } catch (ProfilerException e) {
                asyncUnavailable(e);
            }
            refillTlabs(step);
        }
    }

    /** Just after the step's load ended: writes the step's files. */
    void stop(String step) throws IOException {
        if (process == null || !process.isAlive()) {
            // a front end that died took its recordings with it; the step's failure says why
            return;
        }
        if (jfrRecording) {
            try {
                jfr.stop(process.pid(), RECORDING_PREFIX + step, raw.resolve(step + ".jfr"));
            } catch (ProfilerException e) {
                recorder.warning("[" + label + "] step " + step + ": no JFR recording (" + e.getMessage() + ")");
            }
        }
        if (asyncRecording) {
            Path file = asyncFile(step);
            try {
                async.stop(process.pid(), file);
                AsyncProfilerControl.flameGraphs(
                        file,
                        raw.resolve(step + "-cpu.html"),
                        raw.resolve(step + "-alloc.html"),
                        label + " step " + step + " (" + cpuEngine + ")");
                locks(step, file);
                if (AsyncProfilerControl.allocationSamples(file) == 0 && !noAllocNoted) {
                    noAllocNoted = true;
                    recorder.warning("[" + label + "] step " + step + ": the allocation flame graph has no samples"
                            + " (--warmup 0 left nothing to prime the sampler, no jcmd to start fresh TLABs,"
                            + " or a collector that never retires them)");
                }
            } catch (ProfilerException e) {
                recorder.warning("[" + label + "] step " + step + ": no flame graphs (" + e.getMessage() + ")");
            } finally {
                // the flame graphs hold what the session recorded; the binary file would only double the raw directory
                Files.deleteIfExists(file);
            }
        }
        jfrRecording = false;
        asyncRecording = false;
    }

    /** {@code <step>-lock.html}, and the lock the step's threads waited for longest (none without contention). */
    private void locks(String step, Path file) throws ProfilerException {
        AsyncProfilerControl.lockFlameGraph(file, raw.resolve(step + "-lock.html"), label + " step " + step);
        locks = ContendedLocks.longestWaited(file)
                .map(top -> new LockContention(top.lockClass(), top.waitMs()))
                .orElse(null);
    }

    /** The step's record with its most contended lock, when its async-profiler session saw one. */
    StepRecord applyTo(StepRecord record) {
        return locks == null ? record : record.withLocks(locks);
    }

    /**
     * Before the step's first boundary reading, so the collection's pause is not in the step's GC figure;
     * without it a quiet JVM's threads keep the TLABs they hold and the step records no allocation.
     */
    private void refillTlabs(String step) throws IOException {
        if (!asyncRecording || tlabs == null) {
            return;
        }
        try {
            tlabs.collect(process.pid());
        } catch (ProfilerException e) {
            recorder.warning(
                    "[" + label + "] step " + step + ": allocation sampling may miss threads (" + e.getMessage() + ")");
        }
    }

    /**
     * The session's file, in the temporary directory rather than the front end's raw directory: asprof
     * hands its options to the profiler as one comma-separated list, so a path with a comma (a variant
     * with two settings, {@code raw/tomcat_threads=virtual,connector=nio/}) was cut there and no file
     * was written. Deleted once the flame graphs are made.
     */
    private Path asyncFile(String step) {
        return Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("proxybench-" + process.pid() + "-" + step + "-async.jfr");
    }

    private void asyncUnavailable(ProfilerException e) throws IOException {
        async = null;
        asyncGone = true;
        recorder.warning("--profile async: " + e.getMessage() + "; the run goes on without flame graphs");
    }
}
