package io.proxybench.loadtest.orchestrate;

import io.proxybench.common.tls.PemFiles;
import io.proxybench.loadtest.frontend.LaunchContext;
import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.split.SplitGenerator;
import io.proxybench.loadtest.generator.split.StepSplit;
import io.proxybench.loadtest.limits.LimitCheck;
import io.proxybench.loadtest.limits.LimitFinding;
import io.proxybench.loadtest.machine.GitRevision;
import io.proxybench.loadtest.machine.MachineProbe;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.LoadShape;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.proc.ClockTicks;
import io.proxybench.loadtest.proc.LoadAvgSampler;
import io.proxybench.loadtest.proc.MemInfoSampler;
import io.proxybench.loadtest.proc.NetDevSampler;
import io.proxybench.loadtest.proc.OpenFileLimit;
import io.proxybench.loadtest.proc.ProcStatSampler;
import io.proxybench.loadtest.proc.ProcessSampler;
import io.proxybench.loadtest.proc.Sysctls;
import io.proxybench.loadtest.process.ChildProcessRegistry;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.results.MachineDescription;
import io.proxybench.loadtest.results.ResultsStore;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunMetadataFile;
import io.proxybench.loadtest.results.SamplesFile;
import io.proxybench.loadtest.sample.HostSamplers;
import io.proxybench.loadtest.sample.JvmAdminSampler;
import io.proxybench.loadtest.sample.JvmTotalsReader;
import io.proxybench.loadtest.sample.SamplingLoop;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.netns.NetnsTopology;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code proxybench run}: checks the limits, creates the run directory, sets up the topology,
 * runs every front end over every step while sampling, and leaves the processes stopped and the
 * files complete, whatever happens (Ctrl-C included).
 */
public final class RunSession {

    private static final Logger LOG = LoggerFactory.getLogger(RunSession.class);
    private static final Path PROC = Path.of("/proc");

    private final RunPlan plan;
    private final KitLayout layout;
    private final PrintWriter out;
    private final List<String> notes;
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private PlanFileSource planFile;

    /** Renders the run's {@code plan.yaml} once its directory exists. */
    @FunctionalInterface
    public interface PlanFileSource {
        String render(Path runDir, String runId) throws IOException;
    }

    /** @param notes warnings found while reading the command line (a skipped front end, say) */
    public RunSession(RunPlan plan, KitLayout layout, PrintWriter out, List<String> notes) {
        this.plan = plan;
        this.layout = layout;
        this.out = out;
        this.notes = List.copyOf(notes);
    }

    /** This run also writes {@code plan.yaml}, the plan as it runs, re-runnable. */
    public RunSession withPlanFile(PlanFileSource source) {
        this.planFile = source;
        return this;
    }

    /** Runs to the end; {@link PlanException} for a run that cannot start here (limits, tools, topology). */
    public RunOutcome execute() throws PlanException, IOException {
        Path javaBinary = plan.jvm().javaHome() == null
                ? Path.of(System.getProperty("java.home"), "bin", "java")
                : plan.jvm().javaHome().resolve("bin").resolve("java");
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> warnings = new ArrayList<>(notes);
        List<String> limitLines = checkLimits(warnings);
        Topology topology = TopologyFactory.create(plan, javaBinary, layout);
        Topology placed = TopologyFactory.pinned(topology, plan.placement().cpuPinning());
        RunFiles run = RunFiles.named(plan.outDir(), ZonedDateTime.now());
        ChildProcessRegistry processes = new ChildProcessRegistry();
        // registered before set-up, so that an interrupted set-up is still undone
        Thread topologyHook = topology.cleanupHook();
        Runtime.getRuntime().addShutdownHook(topologyHook);
        Thread interruptHook = null;
        try {
            LoadGenerator generator = SplitGenerator.create(
                    plan.load().generator(),
                    new GeneratorContext(
                            placed,
                            processes,
                            plan.load().threads(),
                            plan.placement().cpuPinning().coresFor("generator", cores),
                            run.dir(),
                            RunCertificate.client(plan, run)),
                    plan.load().model());
            String unavailable = generator.unavailableReason().orElse(null);
            if (unavailable != null) {
                throw new PlanException(unavailable);
            }
            NetDevSampler netDev;
            Map<String, Object> topologyDetails;
            try {
                topology.setUp();
                topologyDetails = topologyDetails(topology, warnings);
                netDev = new NetDevSampler(PROC, topology.networkProbe(Role.PROXY));
            } catch (Exception e) {
                throw new PlanException("topology " + topology.name() + " could not be set up: " + e.getMessage());
            }
            run.create();
            LOG.info("run {}: {}", run.runId(), run.dir());
            if (planFile != null) {
                Files.writeString(run.planYaml(), planFile.render(run.dir(), run.runId()));
            }
            PemFiles tls = RunCertificate.write(plan, run, topology);
            MachineDescription machine =
                    MachineProbe.read(PROC, javaBinary, OpenFileLimit.read(PROC.resolve("self/limits")));
            RunMetadataFile metadata = new RunMetadataFile(
                    run, initialMetadata(run, machine, warnings, limitLines, netDev, topologyDetails));
            interruptHook = new Thread(() -> markInterrupted(metadata, processes), "run-interrupted");
            Runtime.getRuntime().addShutdownHook(interruptHook);
            RunRecorder recorder = new RunRecorder(
                    new ResultsStore(run),
                    metadata,
                    out,
                    ProgressLine.stepNoun(plan.load().model()),
                    plan.repeats().count());
            measure(
                    run,
                    recorder,
                    metadata,
                    new LaunchContext(
                            plan,
                            placed,
                            processes,
                            layout,
                            javaBinary,
                            plan.placement().cpuPinning().coresFor("proxy", cores),
                            tls),
                    generator,
                    netDev);
            if (!interrupted.get()) {
                metadata.update(m -> m.finished(RunMetadata.FINISHED, now()));
            }
            return new RunOutcome(run.dir(), recorder.anyFailed(), recorder.startFailures());
        } finally {
            processes.close();
            topology.close();
            removeHook(topologyHook);
            if (interruptHook != null) {
                removeHook(interruptHook);
            }
        }
    }

    /** Every front end over every step, with the sampler running throughout. */
    private void measure(
            RunFiles run,
            RunRecorder recorder,
            RunMetadataFile metadata,
            LaunchContext launch,
            LoadGenerator generator,
            NetDevSampler netDev)
            throws IOException {
        long ticks = ClockTicks.perSecond();
        ProcessSampler processSampler = new ProcessSampler(PROC);
        JvmTotalsReader jvm = new JvmTotalsReader(new JvmAdminSampler(Duration.ofMillis(800)));
        ProcStatSampler procStat = new ProcStatSampler(PROC);
        RunQueueSettle settle = new RunQueueSettle(() -> runQueue(procStat), RunQueueSettle.SYSTEM, interrupted::get);
        settle.measureBaseline();
        try (SamplesFile csv = new SamplesFile(run.samplesCsv());
                SamplingLoop sampler = new SamplingLoop(
                        procStat,
                        new LoadAvgSampler(PROC),
                        new MemInfoSampler(PROC),
                        netDev,
                        processSampler,
                        jvm,
                        ticks,
                        csv);
                HostSamplers hostSamplers =
                        HostSamplers.start(launch.topology().hostSamplers(), sampler, csv, run.dir())) {
            sampler.start();
            FrontEndRound round = new FrontEndRound(
                    plan,
                    launch,
                    generator,
                    sampler,
                    processSampler,
                    jvm,
                    ticks,
                    recorder,
                    run,
                    interrupted::get,
                    settle);
            for (FrontEndSpec spec : plan.frontEnds()) {
                RunMetadata.FrontEndInfo info = round.describe(spec);
                metadata.update(m -> m.withFrontEnd(info));
            }
            List<RepeatSchedule.Turn> turns = RepeatSchedule.of(plan);
            UndisturbedRepeats enough = plan.repeats().untilUndisturbed() == 0
                    ? null
                    : new UndisturbedRepeats(
                            plan.repeats().untilUndisturbed(),
                            plan.frontEnds().stream().map(FrontEndSpec::label).toList(),
                            plan.load().steps());
            for (int i = 0; i < turns.size(); i++) {
                RepeatSchedule.Turn turn = turns.get(i);
                FrontEndSpec spec = turn.spec();
                if (interrupted.get()) {
                    return;
                }
                recorder.turnStarting(turn.repeat(), spec);
                try {
                    round.run(spec, turn.repeat());
                } catch (RuntimeException e) {
                    // a defect in one front end's round must not cost the others theirs
                    LOG.debug("[{}] failed", spec.label(), e);
                    recorder.warning("[" + spec.label() + "] stopped by an internal error: " + e);
                }
                boolean roundEnded = i + 1 == turns.size() || turns.get(i + 1).repeat() != turn.repeat();
                if (enough != null && roundEnded) {
                    List<String> shortOf = enough.shortOf(recorder.steps());
                    recorder.roundEnded(turn.repeat(), shortOf, plan.repeats().untilUndisturbed());
                    if (shortOf.isEmpty()) {
                        return;
                    }
                }
            }
        }
    }

    private static double runQueue(ProcStatSampler procStat) {
        try {
            return procStat.read().runQueue();
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Where the run's files are, and whether a step failed (the run finished all the same). */
    /**
     * How the run ended.
     *
     * @param startFailures each front end that never got ready, with the reason: such a run exits 2
     */
    public record RunOutcome(Path runDir, boolean anyStepFailed, List<String> startFailures) {}

    private List<String> checkLimits(List<String> warnings) throws PlanException, IOException {
        Map<String, String> sysctls = Sysctls.read(PROC, Sysctls.RECORDED);
        double originLatencySec = plan.origin().latency().toNanos() / 1e9;
        boolean loopback = plan.placement().topology().kind() == TopologyKind.LOOPBACK;
        OpenFileLimit openFiles = OpenFileLimit.read(PROC.resolve("self/limits"));
        LoadShape load = plan.load();
        List<LimitFinding> findings = load.model() == LoadModel.OPEN
                ? LimitCheck.evaluateOpen(
                        load.maxStep(),
                        load.requestTimeout().toNanos() / 1e9,
                        load.mode(),
                        originLatencySec,
                        loopback,
                        openFiles,
                        sysctls)
                : LimitCheck.evaluate(load.maxStep(), load.mode(), originLatencySec, loopback, openFiles, sysctls);
        List<String> lines = new ArrayList<>();
        for (LimitFinding f : findings) {
            out.println("limit: " + f.message());
            lines.add(f.message());
            if (f.severity() == LimitFinding.Severity.WARNING) {
                warnings.add(f.message());
            }
        }
        out.flush();
        for (LimitFinding f : findings) {
            if (f.severity() == LimitFinding.Severity.FATAL) {
                throw new PlanException(f.message());
            }
        }
        return lines;
    }

    private Map<String, Object> topologyDetails(Topology topology, List<String> warnings) {
        if (topology instanceof NetnsTopology netns) {
            Path conf = layout.home().resolve("sysctl/proxybench.conf");
            try {
                if (plan.placement().topology().applySysctl()) {
                    netns.applySysctls(conf);
                } else {
                    netns.readSysctls(conf);
                }
            } catch (Exception e) {
                warnings.add("namespace sysctls from " + conf + ": " + e.getMessage());
            }
        }
        Map<String, Object> details = topology.describe();
        Map<String, Topology> generatorBoxes = topology.generatorBoxes();
        if (!generatorBoxes.isEmpty()) {
            details = new LinkedHashMap<>(details);
            details.put("generatorBoxes", List.copyOf(generatorBoxes.keySet()));
            details.put("generatorShares", StepSplit.table(plan.load().steps(), generatorBoxes.size()));
        }
        return details;
    }

    private RunMetadata initialMetadata(
            RunFiles run,
            MachineDescription machine,
            List<String> warnings,
            List<String> limits,
            NetDevSampler netDev,
            Map<String, Object> topologyDetails) {
        LoadShape load = plan.load();
        RunMetadata.Workload workload = new RunMetadata.Workload(
                load.generator().id(),
                load.mode().id(),
                load.model().id(),
                plan.placement().topology().kind().id(),
                load.durationSec(),
                plan.warmup().auto() ? null : plan.warmup().fixedSec(),
                load.steps(),
                load.model().stepUnit(),
                plan.origin().latency().toNanos() / 1e6,
                plan.origin().payloadBytes());
        return RunMetadata.builder()
                .runId(run.runId())
                .status(RunMetadata.RUNNING)
                .startedAt(now())
                .command(plan.command())
                .gitRevision(GitRevision.of(layout.home()))
                .workload(workload)
                .machine(machine)
                .warnings(warnings)
                .limits(limits)
                .settings(RunSettings.of(plan))
                .measurement(MeasurementNotes.of(netDev, plan.load().model()))
                .topologyDetails(topologyDetails)
                .build();
    }

    private void markInterrupted(RunMetadataFile metadata, ChildProcessRegistry processes) {
        interrupted.set(true);
        processes.stopAll();
        try {
            metadata.update(m -> m.finished(RunMetadata.INTERRUPTED, now()));
        } catch (IOException e) {
            // shutting down: nothing left to tell
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down and runs it
        }
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
