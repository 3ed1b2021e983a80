package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.LeadInPolicy;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.SamplingLoop;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --lead-in}: load at a step's own level just before every step after a front end's first. The
 * warm-up ran at the first step's load only; a larger step reaches code the first did not, and would
 * otherwise measure the JIT compiling it. {@code auto} runs windows until the detector's JIT bar holds
 * over {@link #JIT_WINDOWS} windows with req/s within its spread (front ends without a JIT: req/s over
 * {@link #RATE_WINDOWS}), at most the cap, past which the step is flagged not-steady. The windows go
 * to {@code raw/<front end>/lead-in-<step>.csv}.
 */
final class StepLeadIn {

    private static final Logger LOG = LoggerFactory.getLogger(StepLeadIn.class);
    /** Fewer than the warm-up's five: the JVM is warm already and only the step's new paths compile. */
    static final int JIT_WINDOWS = 3;

    static final int RATE_WINDOWS = 2;
    static final String NAME_PREFIX = "lead-in-";

    private final LeadInPolicy policy;
    private final LoadGenerator generator;
    private final SamplingLoop sampler;
    private final SteadyWindows windows;
    private final RunRecorder recorder;
    private final BooleanSupplier interrupted;

    StepLeadIn(
            RunPlan plan,
            LoadGenerator generator,
            SamplingLoop sampler,
            SteadyWindows windows,
            RunRecorder recorder,
            BooleanSupplier interrupted) {
        this.policy = plan.leadIn();
        this.generator = generator;
        this.sampler = sampler;
        this.windows = windows;
        this.recorder = recorder;
        this.interrupted = interrupted;
    }

    /** The detector's rule for a lead-in: the warm-up's bars, fewer windows, the lead-in's cap. */
    static SteadyStateDetector.Thresholds thresholds(boolean hasJit, int capSec) {
        return SteadyStateDetector.Thresholds.defaults(capSec).over(hasJit ? JIT_WINDOWS : RATE_WINDOWS, capSec);
    }

    /**
     * Runs the lead-in of step {@code step}; null when there is none.
     *
     * @param load the generator run of the given seconds at the step's level
     */
    StepRecord.LeadIn run(
            FrontEndSpec spec,
            int step,
            RunningServer frontEnd,
            RunningServer origin,
            Path raw,
            IntFunction<StepRequest> load)
            throws IOException {
        if (policy.none()) {
            return null;
        }
        long start = System.nanoTime();
        try {
            if (!policy.auto()) {
                LOG.info("[{}] lead-in before step {}: {} s", spec.label(), step, policy.fixedSec());
                SteadyWindows.Ending ending = windows.runFor(
                        spec.label(),
                        "lead-in " + step,
                        policy.fixedSec(),
                        frontEnd,
                        origin,
                        raw.resolve(NAME_PREFIX + step + ".csv"),
                        load);
                return leadIn(ending.seconds(), ending.verdict() == null ? "failed" : "fixed");
            }
            boolean hasJit = frontEnd.adminUri("/metrics") != null;
            LOG.info(
                    "[{}] lead-in before step {} at its load ({} s windows, at most {} s)",
                    spec.label(),
                    step,
                    windows.windowSec(),
                    policy.capSec());
            SteadyStateDetector detector = new SteadyStateDetector(thresholds(hasJit, policy.capSec()));
            SteadyWindows.Ending ending = windows.run(
                    spec.label(),
                    "lead-in " + step,
                    detector,
                    frontEnd,
                    origin,
                    raw.resolve(NAME_PREFIX + step + ".csv"),
                    load);
            if (ending.verdict() == SteadyStateDetector.Verdict.STEADY) {
                LOG.info(
                        "[{}] lead-in before step {}: steady after {} s",
                        spec.label(),
                        step,
                        Math.round(ending.seconds()));
                return leadIn(ending.seconds(), "steady");
            }
            if (ending.verdict() == SteadyStateDetector.Verdict.CAP) {
                recorder.warning("[" + spec.label() + "] step " + step + ": lead-in reached its " + policy.capSec()
                        + " s cap still waiting for " + ending.waitingFor() + ": the step is flagged "
                        + StepRecord.FLAG_NOT_STEADY);
                return leadIn(ending.seconds(), "cap");
            }
            return leadIn(ending.seconds(), "failed");
        } catch (GeneratorException e) {
            if (!interrupted.getAsBoolean()) {
                recorder.warning("[" + spec.label() + "] step " + step + ": lead-in failed: " + e.getMessage());
            }
            return leadIn(secondsSince(start), "failed");
        } finally {
            sampler.generator(null);
        }
    }

    /** The step's record with its lead-in, flagged not-steady when the lead-in reached its cap. */
    static StepRecord applyTo(StepRecord record, StepRecord.LeadIn leadIn) {
        if (leadIn == null) {
            return record;
        }
        StepRecord withLeadIn = record.withLeadIn(leadIn);
        return "cap".equals(leadIn.end()) ? withLeadIn.withFlag(StepRecord.FLAG_NOT_STEADY) : withLeadIn;
    }

    private static StepRecord.LeadIn leadIn(double seconds, String end) {
        return new StepRecord.LeadIn(Math.round(seconds * 10) / 10.0, end);
    }

    private static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
