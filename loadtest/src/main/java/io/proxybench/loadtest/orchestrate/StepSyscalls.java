package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.process.ProcessTrees;
import io.proxybench.loadtest.profile.ProfilerException;
import io.proxybench.loadtest.profile.SyscallCounter;
import io.proxybench.loadtest.results.SyscallCounts;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code --profile syscalls} for the measured steps: perf counts the front end's system calls from
 * just before a step's load until just after it, and {@code syscalls-<step>.json} keeps them with the
 * step's requests. Every kind of front end is counted (its whole process tree: nginx's workers too),
 * so a JVM proxy's calls per request stand beside nginx's. A proxy on another box is not: perf
 * would count the kit's ssh client.
 *
 * <p>perf missing or not allowed is one warning in run.json and the run goes on uncounted; a step
 * whose count fails is a warning too, and its figures are kept.
 */
final class StepSyscalls {

    private final boolean wanted;
    private final boolean remoteProxy;
    private final RunRecorder recorder;
    private SyscallCounter counter;
    /** perf found missing, or the proxy remote: not looked for again, warned about once. */
    private boolean gone;

    private FrontEndSpec spec;
    private RunningServer server;
    private Path raw;
    private int repeat;
    private SyscallCounter.Counting counting;

    StepSyscalls(boolean wanted, Topology topology, RunRecorder recorder) {
        this.wanted = wanted;
        this.remoteProxy = topology.boxOf(Role.PROXY) != null;
        this.recorder = recorder;
    }

    /** The front end whose steps come next, in its {@code repeat}-th turn. */
    void frontEnd(FrontEndSpec spec, RunningServer server, Path raw, int repeat) throws IOException {
        this.spec = spec;
        this.server = server;
        this.raw = raw;
        this.repeat = repeat;
        if (!wanted || counter != null || gone) {
            return;
        }
        if (remoteProxy) {
            gone = true;
            recorder.warning("--profile syscalls: the proxy runs on another box, where the kit does not run perf;"
                    + " the run goes on without system call counts");
            return;
        }
        try {
            counter = SyscallCounter.find();
        } catch (ProfilerException e) {
            gone = true;
            recorder.warning("--profile syscalls: " + e.getMessage() + "; the run goes on without system call counts");
        }
    }

    /** Just before the step's load starts. */
    void start(int connections) throws IOException {
        counting = null;
        if (counter == null || server == null) {
            return;
        }
        List<Long> pids = ProcessTrees.tree(server.process().handle()).stream()
                .map(ProcessHandle::pid)
                .toList();
        try {
            counting = counter.start(pids, raw.resolve("perf-stat-" + connections + ".txt"));
        } catch (ProfilerException e) {
            recorder.warning(
                    "[" + spec.label() + "] step " + connections + ": no system call counts (" + e.getMessage() + ")");
        }
    }

    /** Just after the step's load ended: writes the step's counts, unless the step failed ({@code result} null). */
    void stop(int connections, GeneratorResult result) throws IOException {
        if (counting == null) {
            return;
        }
        SyscallCounter.Counting ending = counting;
        counting = null;
        Map<String, Long> calls;
        try {
            calls = ending.stop();
        } catch (ProfilerException e) {
            recorder.warning(
                    "[" + spec.label() + "] step " + connections + ": no system call counts (" + e.getMessage() + ")");
            return;
        }
        if (result != null && result.requests() > 0) {
            new SyscallCounts(spec.label(), connections, repeat, result.requests(), calls)
                    .write(raw.resolve(SyscallCounts.fileName(Integer.toString(connections))));
        }
    }
}
