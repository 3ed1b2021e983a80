package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.WarmupPolicy;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.SamplingLoop;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import io.proxybench.loadtest.warmup.WarmupEnd;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A front end's warm-up at the first step's load: none, a fixed time, or ({@code --warmup auto})
 * short generator runs one after another, each a window for {@link SteadyStateDetector}, until the
 * front end is steady or the cap is reached ({@link SteadyWindows}). A JVM front end is asked once to
 * close its idle origin connections and has its timers read once: when it first looks steady, or
 * half-way through a fixed warm-up; an automatic warm-up then shows steadiness afresh
 * ({@link WarmupAdminRequest} says why). The windows go
 * to {@code raw/<front end>/warmup.csv}.
 */
final class WarmupPhase {

    private static final Logger LOG = LoggerFactory.getLogger(WarmupPhase.class);
    static final String CSV = "warmup.csv";

    /** How the warm-up went. */
    record Outcome(double seconds, WarmupEnd end) {

        boolean notSteady() {
            return end == WarmupEnd.CAP;
        }
    }

    private final RunPlan plan;
    private final LoadGenerator generator;
    private final SamplingLoop sampler;
    private final SteadyWindows windows;
    private final RunRecorder recorder;
    private final BooleanSupplier interrupted;

    WarmupPhase(
            RunPlan plan,
            LoadGenerator generator,
            SamplingLoop sampler,
            SteadyWindows windows,
            RunRecorder recorder,
            BooleanSupplier interrupted) {
        this.plan = plan;
        this.generator = generator;
        this.sampler = sampler;
        this.windows = windows;
        this.recorder = recorder;
        this.interrupted = interrupted;
    }

    /** @param load the warm-up's generator run of the given seconds */
    Outcome run(
            FrontEndSpec spec, RunningServer frontEnd, RunningServer origin, Path raw, IntFunction<StepRequest> load)
            throws IOException {
        WarmupPolicy policy = plan.warmup();
        if (policy.none()) {
            return new Outcome(0, WarmupEnd.NONE);
        }
        long start = System.nanoTime();
        try {
            if (!policy.auto()) {
                LOG.info(
                        "[{}] warming up: {} s at {} ({} s windows)",
                        spec.label(),
                        policy.fixedSec(),
                        level(),
                        windows.windowSec());
                SteadyWindows.Ending ending = windows.runFor(
                        spec.label(),
                        "warm-up",
                        policy.fixedSec(),
                        frontEnd,
                        origin,
                        raw.resolve(CSV),
                        load,
                        WarmupAdminRequest.all(spec.label(), frontEnd));
                return new Outcome(ending.seconds(), ending.verdict() == null ? WarmupEnd.FAILED : WarmupEnd.FIXED);
            }
            return untilSteady(spec, frontEnd, origin, raw, load, policy.capSec());
        } catch (GeneratorException e) {
            if (!interrupted.getAsBoolean()) {
                recorder.warning("[" + spec.label() + "] warm-up failed: " + e.getMessage());
            }
            return new Outcome(secondsSince(start), WarmupEnd.FAILED);
        } finally {
            sampler.generator(null);
        }
    }

    private Outcome untilSteady(
            FrontEndSpec spec,
            RunningServer frontEnd,
            RunningServer origin,
            Path raw,
            IntFunction<StepRequest> load,
            int capSec)
            throws GeneratorException, IOException {
        LOG.info(
                "[{}] warming up until steady at {} ({} s windows, at most {} s)",
                spec.label(),
                level(),
                windows.windowSec(),
                capSec);
        SteadyStateDetector detector = new SteadyStateDetector(SteadyStateDetector.Thresholds.defaults(capSec));
        SteadyWindows.Ending ending = windows.run(
                spec.label(),
                "warm-up",
                detector,
                frontEnd,
                origin,
                raw.resolve(CSV),
                load,
                WarmupAdminRequest.all(spec.label(), frontEnd));
        if (ending.verdict() == SteadyStateDetector.Verdict.STEADY) {
            LOG.info("[{}] steady after {} s of warm-up", spec.label(), Math.round(ending.seconds()));
            return new Outcome(ending.seconds(), WarmupEnd.STEADY);
        }
        if (ending.verdict() == SteadyStateDetector.Verdict.CAP) {
            recorder.warning("[" + spec.label() + "] warm-up reached its " + capSec + " s cap still waiting for "
                    + ending.waitingFor() + ": its steps are flagged " + StepRecord.FLAG_NOT_STEADY);
            return new Outcome(ending.seconds(), WarmupEnd.CAP);
        }
        return new Outcome(ending.seconds(), WarmupEnd.FAILED);
    }

    private String level() {
        int first = plan.load().steps().get(0);
        return first + (plan.load().model() == LoadModel.OPEN ? " req/s" : " connections");
    }

    private static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
