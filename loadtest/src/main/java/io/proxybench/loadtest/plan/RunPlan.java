package io.proxybench.loadtest.plan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a run does, checked and resolved: the single input of the orchestrator, and what
 * run.json records as the run's settings.
 *
 * @param frontEnds     the columns, in run order, with all their settings merged
 * @param steps         connections per step (closed model) or requests per second (open model), in run order
 * @param durationSec   seconds per step
 * @param warmup        warm-up of each front end at the first step's load: none, fixed, or until steady
 * @param model         closed (a step is connections) or open (a step is an arrival rate)
 * @param threads       generator threads (wrk {@code -t}); lowered to the connections when fewer
 * @param gc            collector replacing the profile's, or null
 * @param javaHome      JDK for the JVM front ends and the origin, or null for the kit's own
 * @param jvmArgs       extra JVM flags for the JVM front ends, after the profile's
 * @param requestTimeout generator's per-request timeout
 * @param originFaults   faults the origin injects ({@code --origin-faults}); {@link OriginFaultMix#NONE} for none
 * @param cpuPinning    CPUs of each role ({@code --cpus}); {@link CpuPinning#NONE} for none
 * @param repeat        how many times every front end runs every step (1 = once); repeats are interleaved:
 *                      repeat 1 of every front end, then repeat 2 of every front end, and so on
 * @param leadIn        load at each later step's level before it is measured: none, fixed, or until steady
 * @param untilUndisturbed with repeats, stop after the round in which every front end's ratio to the first
 *                      has this many undisturbed repeats at every step ({@code repeat} stays the most); 0 for all
 */
public record RunPlan(
        List<FrontEndSpec> frontEnds,
        List<Integer> steps,
        int durationSec,
        WarmupPolicy warmup,
        ConnectionMode mode,
        LoadModel model,
        GeneratorKind generator,
        int threads,
        JvmProfile jvmProfile,
        GcChoice gc,
        Path javaHome,
        List<String> jvmArgs,
        Profiler profiler,
        Duration originLatency,
        int payloadBytes,
        TopologyOptions topology,
        Duration requestTimeout,
        Path outDir,
        String command,
        OriginFaultMix originFaults,
        CpuPinning cpuPinning,
        int repeat,
        LeadInPolicy leadIn,
        int untilUndisturbed) {

    public RunPlan {
        originFaults = originFaults == null ? OriginFaultMix.NONE : originFaults;
        frontEnds = List.copyOf(frontEnds);
        steps = List.copyOf(steps);
        jvmArgs = List.copyOf(jvmArgs);
        cpuPinning = cpuPinning == null ? CpuPinning.NONE : cpuPinning;
        leadIn = leadIn == null ? LeadInPolicy.NONE : leadIn;
    }

    /** The largest step: connections, or requests per second in the open model. */
    public int maxStep() {
        return steps.stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /**
     * The most connections the generator may hold open at once: the largest step in the closed model.
     * In the open model a request that is not answered keeps its connection busy and the next arrival
     * opens another, until the request's timeout ends it: up to rate × timeout.
     */
    public int maxConnections() {
        if (model == LoadModel.CLOSED) {
            return maxStep();
        }
        return (int) Math.min(Integer.MAX_VALUE, (long) maxStep() * Math.max(1, requestTimeout.toSeconds()));
    }

    /** JVM flags of one front end: those of its kind, then its own {@link FrontEndSpec#jvmFlags()}. */
    public List<String> jvmArgsFor(FrontEndSpec spec) {
        if (!spec.kind().isJvm()) {
            return List.of();
        }
        List<String> args = new ArrayList<>(jvmArgsFor(spec.kind()));
        args.addAll(spec.jvmFlags());
        return List.copyOf(args);
    }

    /** JVM flags of a kind: profile, then {@code --gc}, then the user's {@code --jvm-arg}s. */
    public List<String> jvmArgsFor(FrontEndKind kind) {
        if (!kind.isJvm()) {
            return List.of();
        }
        List<String> args = new ArrayList<>(jvmProfile.jvmArgs(kind));
        if (gc != null) {
            args.removeIf(GcChoice::isCollectorFlag);
            args.addAll(gc.flags());
        }
        args.addAll(jvmArgs);
        return List.copyOf(args);
    }
}
