package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.FrontEndLauncher;
import io.proxybench.loadtest.frontend.HealthProbe;
import io.proxybench.loadtest.frontend.JvmProxyLauncher;
import io.proxybench.loadtest.frontend.LaunchContext;
import io.proxybench.loadtest.frontend.OriginLauncher;
import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.measure.BoundarySnapshot;
import io.proxybench.loadtest.measure.HostStepFigures;
import io.proxybench.loadtest.measure.StepFigures;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.proc.ProcessSampler;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunMetadata.FrontEndInfo;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.JvmAdminSampler;
import io.proxybench.loadtest.sample.JvmTotalsReader;
import io.proxybench.loadtest.sample.OriginPoolReader;
import io.proxybench.loadtest.sample.SamplingLoop;
import io.proxybench.loadtest.sample.StepWindow;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One front end's part of a run: a fresh origin, the front end, health, warm-up, then every step,
 * each recorded as soon as it ends. A front end that cannot start fails all its steps with the
 * reason; a step that fails is recorded and the next one still runs.
 */
final class FrontEndRound {

    private static final Logger LOG = LoggerFactory.getLogger(FrontEndRound.class);
    private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(60);
    /** Room for the proxies' drain before SIGKILL. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    /** Longer than the proxies' default origin.readTimeout, which ends a stalled origin answer. */
    private static final Duration POOL_QUIET_LIMIT = Duration.ofSeconds(12);

    private final RunPlan plan;
    private final LaunchContext launch;
    private final LoadGenerator generator;
    private final SamplingLoop sampler;
    private final long ticksPerSecond;
    private final RunRecorder recorder;
    private final RunFiles run;
    private final BooleanSupplier interrupted;
    private final HealthProbe health;
    private final FrontEndStartReadings startReadings;
    private final RunQueueSettle settle;
    private final WarmupPhase warmup;
    private final StepLeadIn leadIn;
    private final StepProfiler profiler;
    private final StepSyscalls syscalls;
    private final StepPinning pinning;
    private final StepBoundaryReader boundaries;
    private final StepHandshakes handshakes;

    FrontEndRound(
            RunPlan plan,
            LaunchContext launch,
            LoadGenerator generator,
            SamplingLoop sampler,
            ProcessSampler processes,
            JvmTotalsReader jvm,
            long ticksPerSecond,
            RunRecorder recorder,
            RunFiles run,
            BooleanSupplier interrupted,
            RunQueueSettle settle)
            throws IOException {
        this.plan = plan;
        this.health = launch.tls() == null
                ? new HealthProbe()
                : new HealthProbe(launch.tls().caCertificate());
        this.startReadings = new FrontEndStartReadings(plan.tls(), launch.tls());
        this.launch = launch;
        this.generator = generator;
        this.sampler = sampler;
        this.ticksPerSecond = ticksPerSecond;
        this.recorder = recorder;
        this.run = run;
        this.interrupted = interrupted;
        this.settle = settle;
        SteadyWindows windows = new SteadyWindows(plan, generator, jvm, processes, interrupted);
        this.warmup = new WarmupPhase(plan, generator, sampler, windows, recorder, interrupted);
        this.leadIn = new StepLeadIn(plan, generator, sampler, windows, recorder, interrupted);
        this.profiler = new StepProfiler(plan, recorder);
        this.syscalls = new StepSyscalls(plan.profiler().syscalls(), launch.topology(), recorder);
        this.pinning = new StepPinning(plan, launch.topology(), recorder);
        this.boundaries = new StepBoundaryReader(processes, jvm);
        this.handshakes = new StepHandshakes(plan);
    }

    /** What run.json says about {@code spec} before it starts. */
    FrontEndInfo describe(FrontEndSpec spec) throws IOException {
        return describe(spec, rawDir(spec, 1));
    }

    private FrontEndInfo describe(FrontEndSpec spec, Path raw) throws IOException {
        List<String> jvmArgs = spec.kind().isJvm() ? new JvmProxyLauncher(launch).jvmArgs(spec, raw) : List.of();
        return FrontEndInfo.beforeStart(
                spec.label(),
                spec.kind().id(),
                effectiveSettings(spec),
                jvmArgs,
                run.relative(run.raw(spec.directoryName())));
    }

    /**
     * {@code raw/<label>/}, or in a repeated run {@code raw/<label>/r<repeat>/}: every repeat keeps its
     * own generator output, process logs and recordings, none overwriting another's.
     */
    private Path rawDir(FrontEndSpec spec, int repeat) throws IOException {
        Path raw = run.raw(spec.directoryName());
        return Files.createDirectories(plan.repeats().count() > 1 ? raw.resolve(repeatDirectory(repeat)) : raw);
    }

    private static String repeatDirectory(int repeat) {
        return "r" + repeat;
    }

    /** The proxy profile the JVM profile implies comes first, so the report does not read "defaults". */
    private Map<String, String> effectiveSettings(FrontEndSpec spec) {
        List<String> profileArgs = plan.jvm().profile().proxyArgs(spec.kind());
        if (profileArgs.isEmpty()) {
            return spec.settings();
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("profile", profileArgs.get(profileArgs.size() - 1));
        settings.putAll(spec.settings());
        return settings;
    }

    /** One turn of {@code spec}: its {@code repeat}-th pass over the steps (1 in a run without repeats). */
    void run(FrontEndSpec spec, int repeat) throws IOException {
        Path raw = rawDir(spec, repeat);
        RunningServer origin = null;
        RunningServer frontEnd = null;
        RunQueueSettle.Settled settled = settle.await(spec.label());
        FrontEndInfo info;
        try {
            try {
                origin = new OriginLauncher(launch).start(raw);
                health.awaitHealthy(origin, HEALTH_TIMEOUT);
                frontEnd = FrontEndLauncher.of(spec, launch).start(spec, origin, raw);
                info = describe(spec, raw).started(frontEnd.command(), origin.command());
                recorder.frontEndStarted(info);
                health.awaitHealthy(frontEnd, HEALTH_TIMEOUT);
            } catch (ProcessStartException e) {
                LOG.warn("[{}] cannot start: {}", spec.label(), e.getMessage());
                recorder.startFailed(spec, e.getMessage());
                failAll(spec, repeat, plan.load().steps(), "front end did not start: " + e.getMessage());
                return;
            }
            LOG.info(
                    "[{}] serving on {} (pid {}), origin on {}:{} (pid {})",
                    spec.label(),
                    frontEnd.uri("/"),
                    frontEnd.process().pid(),
                    origin.host(),
                    origin.port(),
                    origin.process().pid());
            Map<String, String> resolved = startReadings.resolved(spec, frontEnd);
            info = info.withResolved(resolved).withTls(startReadings.tls(spec, frontEnd, resolved));
            URI metrics = frontEnd.adminUri(JvmAdminSampler.PATH);
            sampler.watch(new SamplingLoop.Watch(
                    spec.label(),
                    frontEnd.process().handle(),
                    origin.process().handle(),
                    frontEnd.jvmProcess(),
                    metrics));
            profiler.frontEnd(spec, frontEnd, raw);
            syscalls.frontEnd(spec, frontEnd, raw, repeat);
            pinning.frontEnd(spec, frontEnd, raw);
            RunningServer target = frontEnd;
            profiler.warmupStarting();
            WarmupPhase.Outcome warm;
            try {
                warm = warmup.run(
                        spec,
                        frontEnd,
                        origin,
                        raw,
                        seconds -> request("warmup", plan.load().steps().get(0), seconds, target, raw));
            } finally {
                profiler.warmupEnded();
            }
            info = info.ready(settle.readiness(settled, warm));
            recorder.frontEndStarted(info);
            for (int i = 0; i < plan.load().steps().size(); i++) {
                if (interrupted.getAsBoolean()) {
                    return;
                }
                String dead = deathOf(frontEnd, origin);
                if (dead != null) {
                    failAll(
                            spec,
                            repeat,
                            plan.load().steps().subList(i, plan.load().steps().size()),
                            dead);
                    return;
                }
                int connections = plan.load().steps().get(i);
                StepRecord.LeadIn lead = i == 0
                        ? null
                        : leadIn.run(
                                spec,
                                connections,
                                frontEnd,
                                origin,
                                raw,
                                seconds -> request(
                                        StepLeadIn.NAME_PREFIX + connections, connections, seconds, target, raw));
                step(spec, repeat, connections, frontEnd, origin, raw, warm.notSteady(), lead);
            }
            recordPoolAfterSteps(spec, info, frontEnd);
        } finally {
            generator.frontEndDone();
            sampler.watch(null);
            if (frontEnd != null) {
                frontEnd.process().stop(STOP_GRACE);
            }
            if (origin != null) {
                origin.process().stop(STOP_GRACE);
            }
        }
    }

    private void step(
            FrontEndSpec spec,
            int repeat,
            int connections,
            RunningServer frontEnd,
            RunningServer origin,
            Path raw,
            boolean notSteady,
            StepRecord.LeadIn lead)
            throws IOException {
        String startedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        profiler.start(Integer.toString(connections));
        syscalls.start(connections);
        pinning.start(Integer.toString(connections));
        sampler.connections(connections);
        handshakes.start(frontEnd);
        BoundarySnapshot before = boundaries.atStart(frontEnd, origin);
        GeneratorResult result;
        String failure = null;
        try {
            result = generator.run(request(
                    Integer.toString(connections), connections, plan.load().durationSec(), frontEnd, raw));
        } catch (GeneratorException e) {
            result = null;
            failure = e.getMessage();
        }
        BoundarySnapshot after = boundaries.atEnd(frontEnd, origin);
        syscalls.stop(connections, result);
        pinning.stop(Integer.toString(connections), new StepWindow(before.epochMs(), after.epochMs()));
        profiler.stop(Integer.toString(connections));
        sampler.connections(0);
        sampler.generator(null);
        if (interrupted.getAsBoolean()) {
            return;
        }
        String dead = deathOf(frontEnd, origin);
        if (dead != null) {
            failure = dead + " during the step" + (failure == null ? "" : " (" + failure + ")");
        }
        if (failure != null) {
            recorder.step(StepRecord.failed(spec.label(), spec.kind().id(), connections, startedAt, failure)
                    .withRepeat(repeat));
            return;
        }
        try {
            // the second that holds the step's end must be in before the step is sliced
            sampler.awaitRowAfter(after.epochMs(), Duration.ofMillis(1500));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        // an open-model step is a rate: Little's law gives it no ceiling
        double ceilingLatencySec = plan.load().model() == LoadModel.CLOSED
                ? plan.origin().latency().toNanos() / 1e9
                : 0;
        StepRecord record = StepFigures.of(
                        spec,
                        connections,
                        startedAt,
                        result,
                        sampler.rows(spec.label()),
                        before,
                        after,
                        ticksPerSecond,
                        generator.usableCores(connections),
                        ceilingLatencySec)
                .withRepeat(repeat);
        record = HostStepFigures.apply(
                record,
                generator,
                sampler.hostRows(spec.label()),
                new StepWindow(before.epochMs(), after.epochMs()),
                launch.topology().boxOf(Role.PROXY),
                launch.topology().boxOf(Role.ORIGIN),
                launch.topology().boxCores());
        if (plan.repeats().count() > 1) {
            record = record.withSpectrumIn(repeatDirectory(repeat));
        }
        record = pinning.applyTo(profiler.applyTo(StepLeadIn.applyTo(record, lead)));
        record = handshakes.applyTo(record, frontEnd, result);
        recorder.step(notSteady ? record.withFlag(StepRecord.FLAG_NOT_STEADY) : record);
    }

    private StepRequest request(String name, int connections, int seconds, RunningServer frontEnd, Path raw) {
        return new StepRequest(
                name,
                frontEnd.uri("/"),
                connections,
                seconds,
                plan.load().requestTimeout(),
                plan.load().mode(),
                raw,
                sampler::generator);
    }

    /** The origin pool once a stalled origin answer could have ended (origin.readTimeout, 10 s by default). */
    private void recordPoolAfterSteps(FrontEndSpec spec, FrontEndInfo started, RunningServer frontEnd)
            throws IOException {
        URI metrics = frontEnd.adminUri("/metrics");
        if (metrics == null || started == null || interrupted.getAsBoolean()) {
            return;
        }
        try {
            Map<String, Long> reading =
                    new OriginPoolReader(Duration.ofSeconds(2)).awaitQuiet(metrics, POOL_QUIET_LIMIT);
            recorder.frontEndStarted(started.withAfterSteps(reading));
            LOG.info(
                    "[{}] origin pool after the steps: {} active, {} idle after {} ms",
                    spec.label(),
                    reading.get(OriginPoolReader.ACTIVE),
                    reading.get(OriginPoolReader.IDLE),
                    reading.get(OriginPoolReader.QUIET_MS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.debug("admin /metrics did not answer after the steps: {}", e.getMessage());
        }
    }

    /** Null while both run; else which one exited, with its code and last stderr line. */
    private static String deathOf(RunningServer frontEnd, RunningServer origin) {
        for (RunningServer s : List.of(frontEnd, origin)) {
            if (!s.process().isAlive()) {
                return s.process().name() + " exited with code "
                        + s.process().exitCode().orElse(-1)
                        + s.process().stderrTail().map(t -> ": " + t).orElse("");
            }
        }
        return null;
    }

    private void failAll(FrontEndSpec spec, int repeat, List<Integer> steps, String reason) throws IOException {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        for (int connections : steps) {
            recorder.step(StepRecord.failed(spec.label(), spec.kind().id(), connections, now, reason)
                    .withRepeat(repeat));
        }
    }
}
