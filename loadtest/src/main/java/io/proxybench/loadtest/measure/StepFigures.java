package io.proxybench.loadtest.measure;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.generator.LoadWindow;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.proc.ProcessSampler.Usage;
import io.proxybench.loadtest.results.JvmFigures;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.StepWindow;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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
    /**
     * Stolen share of all cores (mean over the step) from which its figures are flagged: on this
     * project's 2-core VM quiet minutes showed 0–0.8 % and a neighbour's bursts 2–8 % over 10 s.
     */
    public static final double STEAL_FLAG_PCT = 1.0;

    private StepFigures() {}

    /** The JIT's CPU share of a step above which its CPU per request is flagged as partly compilation. */
    public static final double JIT_BUSY_SHARE = 0.10;

    /**
     * CPU time of the processes (of the front end's also the kernel's part, and its JIT compiler and
     * GC threads' parts) and the JVM's figures over the load window; null where not measured.
     */
    record ProcessTimes(
            double wallSec,
            Double proxyCpuSec,
            Double proxySysCpuSec,
            Double originCpuSec,
            JvmFigures jvm,
            Double proxyJitCpuSec,
            Double proxyGcCpuSec) {}

    /**
     * @param step               connections, or requests per second in the open model
     * @param rows               samples of this front end, at least those around the step (sliced here)
     * @param generatorCores     cores the generator can keep busy at this step
     * @param originLatencySec   the origin's latency: the ceiling is connections ÷ latency; 0 for none
     *                           (the open model, where a step is a rate and Little's law gives no ceiling)
     */
    public static StepRecord of(
            FrontEndSpec spec,
            int step,
            String startedAt,
            GeneratorResult result,
            List<Sample> rows,
            BoundarySnapshot before,
            BoundarySnapshot after,
            long ticksPerSecond,
            int generatorCores,
            double originLatencySec) {
        List<Sample> own =
                rows.stream().filter(r -> spec.label().equals(r.frontEnd())).toList();
        LoadWindow load = result.loadWindow();
        StepWindow window = load == null
                ? new StepWindow(before.epochMs(), after.epochMs())
                : new StepWindow(load.startEpochMs(), load.endEpochMs());
        ProcessTimes times = load == null ? fromReadings(before, after, ticksPerSecond) : fromSamples(window, own);
        List<Sample> inside = window.slice(own, spec.label());
        double wallSec = times.wallSec();
        MachineFigures machine = new MachineFigures(
                mean(inside, s -> s.machine().cpuPct()),
                mean(inside, s -> s.machine().loadAvg()),
                mean(inside, s -> s.machine().runQueue()),
                mean(inside, s -> s.machine().ctxSwPerSec()),
                mean(inside, s -> s.machine().netMbps()),
                mean(inside, s -> s.machine().memFreeMb()),
                mean(inside, s -> s.machine().stealPct()));
        Double generatorCpuPct = mean(inside, s -> s.processes().generatorCpuPct());
        Double proxyThreads = StepWindow.mean(inside, s -> s.processes().proxyThreads());
        // the kit's own proxies, and a definition's command found to run a JVM (its perf-data read at the edges)
        boolean jvmThreads =
                spec.kind().isJvm() || (spec.kind() == FrontEndKind.EXTERNAL && before != null && before.jvm() != null);
        StepRecord.Processes processes = new StepRecord.Processes(
                perSecond(times.proxyCpuSec(), wallSec, 100),
                perRequestUs(times.proxyCpuSec(), result.requests()),
                perRequestUs(times.proxySysCpuSec(), result.requests()),
                mean(inside, s -> s.processes().proxyRssMb()),
                proxyThreads == null ? null : (int) Math.round(proxyThreads),
                perSecond(times.originCpuSec(), wallSec, 100),
                generatorCpuPct,
                jvmThreads ? perRequestUs(times.proxyJitCpuSec(), result.requests()) : null,
                jvmThreads ? perRequestUs(times.proxyGcCpuSec(), result.requests()) : null);
        JvmFigures jvm = (times.jvm() == null ? JvmFigures.NONE : times.jvm())
                .withLevels(jvmCount(before, after), heapUsedMb(inside, after));
        double rps = result.rps();
        double ceiling = originLatencySec > 0 ? step / originLatencySec : 0;
        return new StepRecord(
                spec.label(),
                spec.kind().id(),
                step,
                StepRecord.OK,
                null,
                flags(
                        result.errors(),
                        generatorCpuPct,
                        generatorCores,
                        machine.cpuPct(),
                        machine.stealPct(),
                        jitRateMsPerSec(times, jvm),
                        jitShare(times)),
                startedAt,
                round(result.durationSec()),
                new StepRecord.Load(result.requests(), round(rps)),
                latency(result.latency()),
                errors(result.errors()),
                machine,
                processes,
                jvm,
                new StepRecord.Ceiling(
                        ceiling > 0 ? round(ceiling) : null, ceiling > 0 ? round(100 * rps / ceiling) : null),
                after.originStats().since(before.originStats()),
                result.rawFiles().stream()
                        .filter(LatencySpectrum::isSpectrumFile)
                        .map(f -> f.getFileName().toString())
                        .findFirst()
                        .orElse(null),
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * The heap's mean over the step's samples; the reading at the step's end when none of them has
     * one (a short step on a busy box, whose one-second reads of the admin port all timed out).
     */
    private static Double heapUsedMb(List<Sample> inside, BoundarySnapshot after) {
        Double mean = mean(inside, s -> s.jvm().heapUsedMb());
        return mean != null || after.jvm() == null ? mean : round(after.jvm().heapUsedMb());
    }

    /** Collections between the step's start and end, whichever way the rest was measured. */
    private static Long jvmCount(BoundarySnapshot before, BoundarySnapshot after) {
        return before.jvm() != null && after.jvm() != null
                ? after.jvm().gcCount() - before.jvm().gcCount()
                : null;
    }

    /** Exact differences of the readings at the step's start and end. */
    static ProcessTimes fromReadings(BoundarySnapshot before, BoundarySnapshot after, long ticksPerSecond) {
        double wallSec = before.secondsUntil(after);
        JvmFigures jvm =
                before.jvm() != null && after.jvm() != null ? after.jvm().since(before.jvm(), wallSec) : null;
        Double proxyCpu = cpuSeconds(before.proxy(), after.proxy(), ticksPerSecond);
        Double proxySys =
                proxyCpu == null || after.proxy().sysTicks() < before.proxy().sysTicks()
                        ? null
                        : after.proxy().sysCpuSecondsSince(before.proxy(), ticksPerSecond);
        Double originCpu = cpuSeconds(before.origin(), after.origin(), ticksPerSecond);
        Double jit = proxyCpu == null
                ? null
                : roleSeconds(before.proxy().compilerTicks(), after.proxy().compilerTicks(), ticksPerSecond);
        Double gc = proxyCpu == null
                ? null
                : roleSeconds(before.proxy().gcTicks(), after.proxy().gcTicks(), ticksPerSecond);
        return new ProcessTimes(wallSec, proxyCpu, proxySys, originCpu, jvm, jit, gc);
    }

    /**
     * The CPU seconds of one role's threads between two readings of the same process; null when either
     * reading did not look at threads, or the later one reads less (a thread of the role ended, taking
     * its time along: HotSpot stops compiler threads it no longer needs).
     */
    private static Double roleSeconds(Long before, Long after, long ticksPerSecond) {
        return before == null || after == null || after < before ? null : (double) (after - before) / ticksPerSecond;
    }

    /**
     * How fast the front end compiled during the step, for the {@code jit-busy} flag: its compiler
     * threads' CPU per second where they were told apart, else the JVM's own count. That count times
     * each compilation from its start to its end, so on a busy machine a compiler thread waiting for a
     * core reads as compiling: at 1,000 keep-alive connections on the project's 2-core VM (machine CPU
     * 75–90 %) it read 6.5 ms/s where the compiler threads took 3.5 ms of CPU a second; at 10 and 100
     * connections the two agree.
     */
    private static Double jitRateMsPerSec(ProcessTimes times, JvmFigures jvm) {
        Double cpu = times.proxyJitCpuSec();
        if (cpu == null || times.wallSec() <= 0) {
            return jvm.jitMsPerSec();
        }
        return 1000 * cpu / times.wallSec();
    }

    /** The JIT compiler threads' share of the front end's CPU in the step; null unless both were measured. */
    private static Double jitShare(ProcessTimes times) {
        Double jit = times.proxyJitCpuSec();
        Double all = times.proxyCpuSec();
        return jit == null || all == null || all <= 0 ? null : jit / all;
    }

    /** The samples' per-second rates summed over {@code window}, and again per second of it. */
    static ProcessTimes fromSamples(StepWindow window, List<Sample> rows) {
        Double proxyCpuPctSec = window.total(rows, s -> s.processes().proxyCpuPct());
        Double proxySysCpuPctSec = window.total(rows, s -> s.processes().proxySysCpuPct());
        Double originCpuPctSec = window.total(rows, s -> s.processes().originCpuPct());
        double seconds = window.seconds();
        JvmFigures jvm = JvmFigures.ratesFrom(figure -> window.rate(rows, s -> figure.apply(s.jvm())));
        // the one-second samples do not look at threads
        return new ProcessTimes(
                seconds,
                fromPct(proxyCpuPctSec),
                fromPct(proxySysCpuPctSec),
                fromPct(originCpuPctSec),
                jvm,
                null,
                null);
    }

    /** %·s of one core as CPU seconds. */
    private static Double fromPct(Double pctSec) {
        return pctSec == null ? null : pctSec / 100;
    }

    private static Double mean(List<Sample> rows, Function<Sample, ? extends Number> figure) {
        return round(StepWindow.mean(rows, figure));
    }

    /** CPU seconds per request in microseconds; null when not measured or nothing was answered. */
    private static Double perRequestUs(Double cpuSec, long requests) {
        return cpuSec == null || requests == 0 ? null : round(cpuSec / requests * 1e6);
    }

    /** {@code amount} per second of {@code wallSec}, times {@code scale}; null when either is missing. */
    private static Double perSecond(Double amount, double wallSec, double scale) {
        return amount == null || wallSec <= 0 ? null : round(scale * amount / wallSec);
    }

    /**
     * @param jitMsPerSec JIT compile time per second: the compiler threads' CPU, or the JVM's own count
     *                    where they were not told apart; null when neither was read
     * @param jitShare    the JIT compiler threads' share of the front end's CPU time in the step, null when not read
     */
    static List<String> flags(
            ErrorCounts errors,
            Double generatorCpuPct,
            int generatorCores,
            Double machineCpuPct,
            Double stealPct,
            Double jitMsPerSec,
            Double jitShare) {
        List<String> flags = new ArrayList<>();
        boolean generatorBusy =
                generatorCpuPct != null && generatorCpuPct >= GENERATOR_SATURATION * 100 * generatorCores;
        boolean machineBusy = machineCpuPct != null && machineCpuPct >= MACHINE_SATURATION_PCT;
        if (generatorBusy) {
            flags.add(StepRecord.FLAG_GENERATOR_SATURATED);
        }
        if (machineBusy) {
            flags.add(StepRecord.FLAG_MACHINE_SATURATED);
        }
        if (stolen(stealPct)) {
            flags.add(StepRecord.FLAG_CPU_STOLEN);
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
        // The warm-up's line between a quiet and a compiling JVM, so a step is judged as its warm-up was; and
        // below it, at low load, a JIT that compiles little can still be a good part of the little CPU a step takes.
        if (jitMsPerSec != null && jitMsPerSec >= SteadyStateDetector.DEFAULT_JIT_QUIET_MS_PER_SEC
                || jitShare != null && jitShare >= JIT_BUSY_SHARE) {
            flags.add(StepRecord.FLAG_JIT_BUSY);
        }
        return flags;
    }

    /** Whether a step's mean stolen share of all cores is high enough to flag. */
    static boolean stolen(Double stealPct) {
        return stealPct != null && stealPct >= STEAL_FLAG_PCT;
    }

    /** CPU seconds of one process tree between the snapshots; null when it was not the same process. */
    static Double cpuSeconds(Usage before, Usage after, long ticksPerSecond) {
        if (before == null
                || after == null
                || before.rootPid() != after.rootPid()
                || after.cpuTicks() < before.cpuTicks()) {
            return null;
        }
        return after.cpuSecondsSince(before, ticksPerSecond);
    }

    private static StepRecord.Latency latency(LatencySummary l) {
        return l == null
                ? null
                : new StepRecord.Latency(
                        round(l.meanMs()),
                        round(l.p50Ms()),
                        round(l.p75Ms()),
                        round(l.p90Ms()),
                        round(l.p99Ms()),
                        round(l.maxMs()));
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
