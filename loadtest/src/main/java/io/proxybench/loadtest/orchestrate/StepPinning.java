package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.JavaRelease;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.profile.FlightRecorderControl;
import io.proxybench.loadtest.profile.PinnedCarriers;
import io.proxybench.loadtest.profile.ProfilerException;
import io.proxybench.loadtest.results.CarrierPinning;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.StepWindow;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Virtual threads pinning their carriers, for every measured step of a JVM front end on Java 21 or
 * later, asked or not: a Flight Recorder recording of {@code jdk.VirtualThreadPinned} alone (every
 * pin, with its stack) starts just before the step's first boundary reading and is written just after
 * its last, so jcmd's own CPU falls outside the step. The step's record gets the pins of its load
 * window ({@link CarrierPinning}); {@code raw/<front end>/<step>-pinned.txt} names the stack that pinned
 * longest. A front end on another box, or without a jcmd to reach it, gets none, with one warning.
 */
final class StepPinning {

    static final int VIRTUAL_THREADS_SINCE = JavaRelease.VIRTUAL_THREADS;

    private static final String RECORDING_PREFIX = "proxybench-pinning-";

    private final boolean wanted;
    private final boolean remoteProxy;
    private final Path javaHome;
    private final RunRecorder recorder;
    private FlightRecorderControl jfr;
    /** No jcmd, or the proxy remote: not looked for again, warned about once. */
    private boolean gone;

    private String label;
    private ChildProcess process;
    private Path raw;
    private boolean recording;
    private CarrierPinning figures;

    StepPinning(RunPlan plan, Topology topology, RunRecorder recorder) {
        this.javaHome = plan.jvm().javaHome();
        this.wanted = JavaRelease.feature(javaHome) >= VIRTUAL_THREADS_SINCE;
        this.remoteProxy = topology.boxOf(Role.PROXY) != null;
        this.recorder = recorder;
    }

    /** The front end whose steps come next; only a JVM's are recorded. */
    void frontEnd(FrontEndSpec spec, RunningServer server, Path rawDir) throws IOException {
        process = null;
        if (!wanted || !spec.kind().isJvm() || gone) {
            return;
        }
        if (remoteProxy) {
            gone = true;
            recorder.warning("virtual-thread pinning: the proxy runs on another box, where the kit does not run"
                    + " jcmd; the run goes on without pinning figures");
            return;
        }
        if (jfr == null) {
            jfr = FlightRecorderControl.find(javaHome).orElse(null);
            if (jfr == null) {
                gone = true;
                recorder.warning(
                        "virtual-thread pinning: no jcmd in " + javaHome + "; the run goes on without pinning figures");
                return;
            }
        }
        label = spec.label();
        process = server.process();
        raw = rawDir;
    }

    /** Just before the step's first boundary reading. */
    void start(String step) throws IOException {
        recording = false;
        figures = null;
        if (process == null) {
            return;
        }
        try {
            jfr.startOnly(process.pid(), RECORDING_PREFIX + step, PinnedCarriers.EVENT_SETTINGS);
            recording = true;
        } catch (ProfilerException e) {
            recorder.warning("[" + label + "] step " + step + ": no pinning figures (" + e.getMessage() + ")");
        }
    }

    /** Just after the step's last boundary reading: reads the pins of the step's load {@code window}. */
    void stop(String step, StepWindow window) throws IOException {
        if (!recording || !process.isAlive()) {
            return;
        }
        recording = false;
        Path file = raw.resolve(step + "-pinned.jfr");
        try {
            jfr.stop(process.pid(), RECORDING_PREFIX + step, file);
            PinnedCarriers pins = PinnedCarriers.read(
                    file, Instant.ofEpochMilli(window.startMs()), Instant.ofEpochMilli(window.endMs()));
            figures = new CarrierPinning(pins.count(), pins.totalMs());
            if (pins.count() > 0) {
                Files.writeString(
                        raw.resolve(step + "-pinned.txt"),
                        pins.describe(label + " step " + step),
                        StandardCharsets.UTF_8);
            }
        } catch (ProfilerException | IOException e) {
            recorder.warning("[" + label + "] step " + step + ": no pinning figures (" + e.getMessage() + ")");
        } finally {
            // the text file keeps what the report needs; a recording of every pin can be large
            Files.deleteIfExists(file);
        }
    }

    /** The step's record with its pinning, when the step was recorded. */
    StepRecord applyTo(StepRecord record) {
        return figures == null ? record : record.withPinning(figures);
    }
}
