package io.proxybench.loadtest.measure;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.generator.LoadWindow;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.ProcessSampler.Usage;
import io.proxybench.loadtest.sample.SampleRow;
import io.proxybench.loadtest.sample.StepWindow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns what was measured during one step into its steps.json record: the generator's counts, the
 * mean of the one-second samples for machine figures, and the processes' CPU time and GC.
 *
 * <p>Every figure covers the step's load window. For a generator whose run is all load (wrk) that is
 * the span between the readings at its start and end, and process CPU and GC are exact differences
 * of those readings. A generator that starts a JVM, warms up and writes a report inside the step
 * (Gatling) reports when its load was really on; the samples are then cut to that window, and CPU
 * and GC time are the samples' rates summed over it, so that neither the idle start-up nor the
 * warm-up counts against the step's requests.
 */
public final class StepFigures {

    /** A generator this close to its cores' capacity measures itself, not the front end. */
    static final double GENERATOR_SATURATION = 0.90;
    static final double MACHINE_SATURATION_PCT = 95.0;

    private StepFigures() {
    }

    /** CPU and GC time of the processes over the load window; null where not measured. */
    record ProcessTimes(double wallSec, Double proxyCpuSec, Double originCpuSec, Double gcMs) {
    }

    /**
     * @param step               connections, or requests per second in the open model
     * @param rows               samples of this front end, at least those around the step (sliced here)
     * @param generatorCores     cores the generator can keep busy at this step
     * @param originLatencySec   the origin's latency: the ceiling is connections ÷ latency; 0 for none
     *                           (the open model, where a step is a rate and Little's law gives no ceiling)
     */
    public static StepRecord of(FrontEndSpec spec, int step, String startedAt, GeneratorResult result,
            List<SampleRow> rows, BoundarySnapshot before, BoundarySnapshot after, long ticksPerSecond,
            int generatorCores, double originLatencySec) {
        List<SampleRow> own = rows.stream().filter(r -> spec.label().equals(r.frontEnd())).toList();
        LoadWindow load = result.loadWindow();
        StepWindow window = load == null ? new StepWindow(before.epochMs(), after.epochMs())
                : new StepWindow(load.startEpochMs(), load.endEpochMs());
        ProcessTimes times = load == null ? fromReadings(before, after, ticksPerSecond) : fromSamples(window, own);
        List<SampleRow> inside = window.slice(own, spec.label());
        double wallSec = times.wallSec();
        Double cpuPct = StepWindow.mean(inside, SampleRow::cpuPct);
        Double generatorCpuPct = StepWindow.mean(inside, SampleRow::generatorCpuPct);
        Double proxyThreads = StepWindow.mean(inside, SampleRow::proxyThreads);
        double rps = result.rps();
        double ceiling = originLatencySec > 0 ? step / originLatencySec : 0;
        Long gcCount = before.jvm() != null && after.jvm() != null ? after.jvm().gcCount() - before.jvm().gcCount()
                : null;
        return new StepRecord(spec.label(), spec.kind().id(), step, StepRecord.OK, null,
                flags(result.errors(), generatorCpuPct, generatorCores, cpuPct), startedAt,
                round(result.durationSec()), result.requests(), round(rps), latency(result.latency()),
                errors(result.errors()), round(cpuPct), round(StepWindow.mean(inside, SampleRow::load1)),
                round(StepWindow.mean(inside, SampleRow::runQueue)), round(StepWindow.mean(inside, SampleRow::ctxSwPerSec)),
                round(StepWindow.mean(inside, SampleRow::netMbps)), round(StepWindow.mean(inside, SampleRow::memFreeMb)),
                perSecond(times.proxyCpuSec(), wallSec, 100),
                times.proxyCpuSec() == null || result.requests() == 0 ? null
                        : round(times.proxyCpuSec() / result.requests() * 1e6),
                round(StepWindow.mean(inside, SampleRow::proxyRssMb)),
                proxyThreads == null ? null : (int) Math.round(proxyThreads),
                perSecond(times.originCpuSec(), wallSec, 100),
                round(generatorCpuPct), perSecond(times.gcMs(), wallSec, 1), gcCount,
                round(StepWindow.mean(inside, SampleRow::heapUsedMb)),
                ceiling > 0 ? round(ceiling) : null, ceiling > 0 ? round(100 * rps / ceiling) : null);
    }

    /** Exact differences of the readings at the step's start and end. */
    static ProcessTimes fromReadings(BoundarySnapshot before, BoundarySnapshot after, long ticksPerSecond) {
        Double gcMs = before.jvm() != null && after.jvm() != null ? after.jvm().gcTimeMs() - before.jvm().gcTimeMs()
                : null;
        return new ProcessTimes(before.secondsUntil(after), cpuSeconds(before.proxy(), after.proxy(), ticksPerSecond),
                cpuSeconds(before.origin(), after.origin(), ticksPerSecond), gcMs);
    }

    /** The samples' per-second rates summed over {@code window}. */
    static ProcessTimes fromSamples(StepWindow window, List<SampleRow> rows) {
        Double proxyCpuPctSec = window.total(rows, SampleRow::proxyCpuPct);
        Double originCpuPctSec = window.total(rows, SampleRow::originCpuPct);
        return new ProcessTimes(window.seconds(), proxyCpuPctSec == null ? null : proxyCpuPctSec / 100,
                originCpuPctSec == null ? null : originCpuPctSec / 100, window.total(rows, SampleRow::gcMsPerSec));
    }

    /** {@code amount} per second of {@code wallSec}, times {@code scale}; null when either is missing. */
    private static Double perSecond(Double amount, double wallSec, double scale) {
        return amount == null || wallSec <= 0 ? null : round(scale * amount / wallSec);
    }

    static List<String> flags(ErrorCounts errors, Double generatorCpuPct, int generatorCores, Double machineCpuPct) {
        List<String> flags = new ArrayList<>();
        boolean generatorBusy = generatorCpuPct != null && generatorCpuPct >= GENERATOR_SATURATION * 100 * generatorCores;
        boolean machineBusy = machineCpuPct != null && machineCpuPct >= MACHINE_SATURATION_PCT;
        if (generatorBusy || machineBusy) {
            flags.add(StepRecord.FLAG_GENERATOR_SATURATED);
        }
        if (errors.socketErrors() > 0) {
            flags.add(StepRecord.FLAG_SOCKET_ERRORS);
        }
        if (errors.timeout() > 0) {
            flags.add(StepRecord.FLAG_TIMEOUTS);
        }
        if (errors.status() > 0) {
            flags.add(StepRecord.FLAG_HTTP_ERRORS);
        }
        return flags;
    }

    /** CPU seconds of one process tree between the snapshots; null when it was not the same process. */
    static Double cpuSeconds(Usage before, Usage after, long ticksPerSecond) {
        if (before == null || after == null || before.rootPid() != after.rootPid() || after.cpuTicks() < before.cpuTicks()) {
            return null;
        }
        return after.cpuSecondsSince(before, ticksPerSecond);
    }

    private static StepRecord.Latency latency(LatencySummary l) {
        return l == null ? null
                : new StepRecord.Latency(round(l.meanMs()), round(l.p50Ms()), round(l.p75Ms()), round(l.p90Ms()),
                        round(l.p99Ms()), round(l.maxMs()));
    }

    private static StepRecord.Errors errors(ErrorCounts e) {
        return new StepRecord.Errors(e.connect(), e.read(), e.write(), e.status(), e.timeout());
    }

    /** Three decimals: below the resolution of every figure, and readable in steps.json. */
    static Double round(Double value) {
        if (value == null || !Double.isFinite(value)) {
            return null;
        }
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).doubleValue();
    }
}
