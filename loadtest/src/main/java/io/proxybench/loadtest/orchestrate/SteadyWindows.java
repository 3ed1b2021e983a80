package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.proc.ProcessSampler;
import io.proxybench.loadtest.sample.JvmAdminSampler;
import io.proxybench.loadtest.sample.JvmTotalsReader;
import io.proxybench.loadtest.sample.OriginStatsReader;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
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
 * Short generator runs one after another, each a window for a {@link SteadyStateDetector}, until it
 * says steady or capped: the front end's and the origin's JIT time per second read around each
 * window ({@link JitTimeGauge}: their compiler threads' CPU where they run here), one CSV line per
 * window. The warm-up and the per-step lead-in both run this way, with different window counts and
 * caps; a fixed warm-up or lead-in runs the same windows for its time.
 *
 * <p>Windows rather than one long generator run, even for a fixed time: every window closes its
 * connections and the next opens new ones, as happens between steps. A JVM warmed by one long run
 * has never closed a connection; the first close after it sends its hottest compiled methods back
 * to the interpreter (measured on proxy-netty: a compilation storm of ~1,500 methods right as the
 * first step began, 76 ms/s of JIT in a step after a fixed 60 s warm-up).
 */
final class SteadyWindows {

    private static final Logger LOG = LoggerFactory.getLogger(SteadyWindows.class);
    /** A Gatling run is a JVM of its own: a one-second window would be mostly its start. */
    private static final int GATLING_WINDOW_SEC = 5;

    static final String CSV_HEADER =
            "second,rps,jit_ms_per_s,origin_jit_ms_per_s,jit_read_as,origin_jit_read_as,waiting_for\n";

    /**
     * How the windows ended.
     *
     * @param verdict STEADY or CAP; null when the run was interrupted
     */
    record Ending(double seconds, SteadyStateDetector.Verdict verdict, String waitingFor) {}

    /** One thing done once between two windows of a warm-up, after which steadiness is shown afresh. */
    @FunctionalInterface
    interface Settling {

        /** Does it; returns what was done, for the CSV and the log, or null when nothing was. */
        String settle();

        /** Both in turn, as one; null when both are; what was done joined with "and". */
        static Settling both(Settling first, Settling second) {
            if (first == null || second == null) {
                return first == null ? second : first;
            }
            return () -> {
                String a = first.settle();
                String b = second.settle();
                return a == null ? b : b == null ? a : a + " and " + b;
            };
        }
    }

    private final LoadGenerator generator;
    private final JvmTotalsReader jvm;
    private final ProcessSampler processes;
    private final OriginStatsReader originStats = new OriginStatsReader(Duration.ofMillis(800));
    private final BooleanSupplier interrupted;
    private final int windowSec;

    SteadyWindows(
            RunPlan plan,
            LoadGenerator generator,
            JvmTotalsReader jvm,
            ProcessSampler processes,
            BooleanSupplier interrupted) {
        this(
                plan.load().generator() == GeneratorKind.GATLING ? GATLING_WINDOW_SEC : 1,
                generator,
                jvm,
                processes,
                interrupted);
    }

    SteadyWindows(
            int windowSec,
            LoadGenerator generator,
            JvmTotalsReader jvm,
            ProcessSampler processes,
            BooleanSupplier interrupted) {
        this.generator = generator;
        this.jvm = jvm;
        this.processes = processes;
        this.interrupted = interrupted;
        this.windowSec = windowSec;
    }

    int windowSec() {
        return windowSec;
    }

    /**
     * @param what the log's name for this series (e.g. {@code warm-up}, {@code lead-in 50})
     * @param load the generator run of the given seconds
     */
    Ending run(
            String label,
            String what,
            SteadyStateDetector detector,
            RunningServer frontEnd,
            RunningServer origin,
            Path csvFile,
            IntFunction<StepRequest> load)
            throws GeneratorException, IOException {
        return run(label, what, detector, frontEnd, origin, csvFile, load, Double.NaN, null);
    }

    /**
     * {@link #run} with {@code settling} done once, when the windows first say steady (the detector then
     * starts again from no windows, within the same cap).
     */
    Ending run(
            String label,
            String what,
            SteadyStateDetector detector,
            RunningServer frontEnd,
            RunningServer origin,
            Path csvFile,
            IntFunction<StepRequest> load,
            Settling settling)
            throws GeneratorException, IOException {
        return run(label, what, detector, frontEnd, origin, csvFile, load, Double.NaN, settling);
    }

    /**
     * Windows for {@code seconds} whatever they show (the CSV still says what they lacked); the
     * ending's verdict is CAP unless interrupted.
     */
    Ending runFor(
            String label,
            String what,
            int seconds,
            RunningServer frontEnd,
            RunningServer origin,
            Path csvFile,
            IntFunction<StepRequest> load)
            throws GeneratorException, IOException {
        return runFor(label, what, seconds, frontEnd, origin, csvFile, load, null);
    }

    /** {@link #runFor} with {@code settling} done once, half-way. */
    Ending runFor(
            String label,
            String what,
            int seconds,
            RunningServer frontEnd,
            RunningServer origin,
            Path csvFile,
            IntFunction<StepRequest> load,
            Settling settling)
            throws GeneratorException, IOException {
        SteadyStateDetector unheeded = new SteadyStateDetector(SteadyStateDetector.Thresholds.defaults(seconds));
        return run(label, what, unheeded, frontEnd, origin, csvFile, load, seconds, settling);
    }

    private Ending run(
            String label,
            String what,
            SteadyStateDetector detector,
            RunningServer frontEnd,
            RunningServer origin,
            Path csvFile,
            IntFunction<StepRequest> load,
            double forSec,
            Settling settling)
            throws GeneratorException, IOException {
        boolean fixed = !Double.isNaN(forSec);
        URI metrics = frontEnd.adminUri(JvmAdminSampler.PATH);
        URI stats = origin.controlUri(OriginStatsReader.PATH);
        try (BufferedWriter csv = Files.newBufferedWriter(csvFile, StandardCharsets.UTF_8)) {
            csv.write(CSV_HEADER);
            JitTimeGauge frontGauge = frontEnd.jvmProcess() == null
                    ? null
                    : new JitTimeGauge(processes, handle(frontEnd), () -> frontJit(frontEnd, metrics));
            JitTimeGauge originGauge = new JitTimeGauge(processes, handle(origin), () -> originJit(stats));
            Double frontJit = frontGauge == null ? null : frontGauge.readMs();
            Double originTotal = originGauge.readMs();
            long last = System.nanoTime();
            while (true) {
                if (interrupted.getAsBoolean()) {
                    return new Ending(detector.elapsedSec(), null, detector.waitingFor());
                }
                GeneratorResult result = generator.run(load.apply(windowSec));
                long now = System.nanoTime();
                double seconds = (now - last) / 1e9;
                last = now;
                Double frontNow = frontGauge == null ? null : frontGauge.readMs();
                Double originNow = originGauge.readMs();
                WarmupWindow window = new WarmupWindow(
                        seconds,
                        result.rps(),
                        perSecond(frontNow, frontJit, seconds),
                        perSecond(originNow, originTotal, seconds));
                frontJit = frontNow;
                originTotal = originNow;
                SteadyStateDetector.Verdict verdict = detector.add(window);
                String settled = null;
                if (settling != null
                        && (fixed
                                ? detector.elapsedSec() >= forSec / 2
                                : verdict == SteadyStateDetector.Verdict.STEADY)) {
                    settled = settling.settle();
                    settling = null;
                    if (settled != null) {
                        LOG.info("[{}] {}: {} after {} s", label, what, settled, Math.round(detector.elapsedSec()));
                        detector.restart();
                        verdict = SteadyStateDetector.Verdict.WARMING;
                    }
                }
                String note = settled != null ? settled : detector.waitingFor() == null ? "" : detector.waitingFor();
                String line = String.format(
                        Locale.ROOT,
                        "%.1f,%.1f,%s,%s,%s,%s,%s",
                        detector.elapsedSec(),
                        window.rps(),
                        cell(window.jitMsPerSec()),
                        cell(window.originJitMsPerSec()),
                        source(frontGauge),
                        source(originGauge),
                        note);
                csv.write(line + "\n");
                csv.flush();
                LOG.debug("[{}] {} {}", label, what, line);
                if (fixed && detector.elapsedSec() >= forSec) {
                    return new Ending(detector.elapsedSec(), SteadyStateDetector.Verdict.CAP, detector.waitingFor());
                }
                if (!fixed && verdict != SteadyStateDetector.Verdict.WARMING) {
                    return new Ending(detector.elapsedSec(), verdict, detector.waitingFor());
                }
            }
        }
    }

    /** The JVM's own count; null when the front end's figures cannot be read this time. */
    private Double frontJit(RunningServer frontEnd, URI metrics) {
        try {
            return jvm.read(frontEnd.jvmProcess(), metrics).jitTimeMs();
        } catch (IOException e) {
            LOG.debug("JVM figures not read: {}", e.getMessage());
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

    private static ProcessHandle handle(RunningServer server) {
        return server.process() == null ? null : server.process().handle();
    }

    private static String source(JitTimeGauge gauge) {
        return gauge == null || gauge.source() == null ? "" : gauge.source().csvName();
    }

    private static Double perSecond(Double now, Double before, double seconds) {
        return now == null || before == null || seconds <= 0 ? null : (now - before) / seconds;
    }

    private static String cell(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.1f", value);
    }
}
