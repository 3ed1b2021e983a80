package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.generator.catalog.GeneratorKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.WarmupPolicy;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.JvmAdminSampler;
import io.proxybench.loadtest.sample.OriginStatsReader;
import io.proxybench.loadtest.sample.SamplingLoop;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import io.proxybench.loadtest.warmup.WarmupEnd;
import io.proxybench.loadtest.warmup.WarmupWindow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A front end's warm-up at the first step's load: none, a fixed time, or ({@code --warmup auto})
 * short generator runs one after another, each a window for {@link SteadyStateDetector}, until the
 * front end is steady or the cap is reached. The windows go to {@code raw/<front end>/warmup.csv}.
 */
final class WarmupPhase {

    private static final Logger LOG = LoggerFactory.getLogger(WarmupPhase.class);
    static final String CSV = "warmup.csv";
    /** A Gatling run is a JVM of its own: a one-second window would be mostly its start. */
    private static final int GATLING_WINDOW_SEC = 5;

    /** How the warm-up went. */
    record Outcome(double seconds, WarmupEnd end) {

        boolean notSteady() {
            return end == WarmupEnd.CAP;
        }
    }

    private final RunPlan plan;
    private final LoadGenerator generator;
    private final SamplingLoop sampler;
    private final JvmAdminSampler jvm;
    private final OriginStatsReader originStats = new OriginStatsReader(Duration.ofMillis(800));
    private final RunRecorder recorder;
    private final BooleanSupplier interrupted;

    WarmupPhase(RunPlan plan, LoadGenerator generator, SamplingLoop sampler, JvmAdminSampler jvm, RunRecorder recorder,
            BooleanSupplier interrupted) {
        this.plan = plan;
        this.generator = generator;
        this.sampler = sampler;
        this.jvm = jvm;
        this.recorder = recorder;
        this.interrupted = interrupted;
    }

    /** @param load the warm-up's generator run of the given seconds */
    Outcome run(FrontEndSpec spec, RunningServer frontEnd, RunningServer origin, Path raw, IntFunction<StepRequest> load)
            throws IOException {
        WarmupPolicy policy = plan.warmup();
        if (policy.none()) {
            return new Outcome(0, WarmupEnd.NONE);
        }
        long start = System.nanoTime();
        try {
            if (!policy.auto()) {
                LOG.info("[{}] warming up: {} s at {}", spec.label(), policy.fixedSec(), level());
                generator.run(load.apply(policy.fixedSec()));
                return new Outcome(secondsSince(start), WarmupEnd.FIXED);
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

    private Outcome untilSteady(FrontEndSpec spec, RunningServer frontEnd, RunningServer origin, Path raw,
            IntFunction<StepRequest> load, int capSec) throws GeneratorException, IOException {
        int windowSec = plan.generator().equals(GeneratorKind.GATLING.id()) ? GATLING_WINDOW_SEC : 1;
        LOG.info("[{}] warming up until steady at {} ({} s windows, at most {} s)", spec.label(), level(), windowSec,
                capSec);
        SteadyStateDetector detector = new SteadyStateDetector(SteadyStateDetector.Thresholds.defaults(capSec));
        URI metrics = frontEnd.adminUri("/metrics");
        URI stats = origin.controlUri("/_origin/stats");
        long start = System.nanoTime();
        try (BufferedWriter csv = Files.newBufferedWriter(raw.resolve(CSV), StandardCharsets.UTF_8)) {
            csv.write("second,rps,jit_ms_per_s,origin_jit_ms_per_s,waiting_for\n");
            Double frontJit = frontJit(metrics);
            Double originTotal = originJit(stats);
            long last = System.nanoTime();
            while (true) {
                if (interrupted.getAsBoolean()) {
                    return new Outcome(secondsSince(start), WarmupEnd.FAILED);
                }
                GeneratorResult result = generator.run(load.apply(windowSec));
                long now = System.nanoTime();
                double seconds = (now - last) / 1e9;
                last = now;
                Double frontNow = frontJit(metrics);
                Double originNow = originJit(stats);
                WarmupWindow window = new WarmupWindow(seconds, result.rps(), perSecond(frontNow, frontJit, seconds),
                        perSecond(originNow, originTotal, seconds));
                frontJit = frontNow;
                originTotal = originNow;
                SteadyStateDetector.Verdict verdict = detector.add(window);
                String line = String.format(Locale.ROOT, "%.1f,%.1f,%s,%s,%s", detector.elapsedSec(), window.rps(),
                        cell(window.jitMsPerSec()), cell(window.originJitMsPerSec()),
                        detector.waitingFor() == null ? "" : detector.waitingFor());
                csv.write(line + "\n");
                csv.flush();
                LOG.debug("[{}] warm-up {}", spec.label(), line);
                if (verdict == SteadyStateDetector.Verdict.STEADY) {
                    LOG.info("[{}] steady after {} s of warm-up", spec.label(), Math.round(detector.elapsedSec()));
                    return new Outcome(detector.elapsedSec(), WarmupEnd.STEADY);
                }
                if (verdict == SteadyStateDetector.Verdict.CAP) {
                    recorder.warning("[" + spec.label() + "] warm-up reached its " + capSec + " s cap still waiting for "
                            + detector.waitingFor() + ": its steps are flagged " + StepRecord.FLAG_NOT_STEADY);
                    return new Outcome(detector.elapsedSec(), WarmupEnd.CAP);
                }
            }
        }
    }

    private String level() {
        int first = plan.steps().get(0);
        return first + (plan.model() == LoadModel.OPEN ? " req/s" : " connections");
    }

    /** Null for nginx and HAProxy (no JIT) and when the admin endpoint does not answer this time. */
    private Double frontJit(URI metrics) {
        if (metrics == null) {
            return null;
        }
        try {
            return jvm.read(metrics).jitTimeMs();
        } catch (IOException e) {
            LOG.debug("admin /metrics did not answer: {}", e.getMessage());
            return null;
        }
    }

    private Double originJit(URI stats) {
        try {
            return originStats.compilationTimeMs(stats);
        } catch (IOException e) {
            LOG.debug("origin stats did not answer: {}", e.getMessage());
            return null;
        }
    }

    private static Double perSecond(Double now, Double before, double seconds) {
        return now == null || before == null || seconds <= 0 ? null : (now - before) / seconds;
    }

    private static String cell(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
