package io.proxybench.loadtest.measure;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
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
 * mean of the step's one-second samples for machine figures, and exact start/end differences for
 * the processes' CPU time and GC.
 */
public final class StepFigures {

    /** A generator this close to its cores' capacity measures itself, not the front end. */
    static final double GENERATOR_SATURATION = 0.90;
    static final double MACHINE_SATURATION_PCT = 95.0;

    private StepFigures() {
    }

    /**
     * @param rows               samples of this front end taken during the step (sliced by {@code window})
     * @param generatorCores     cores the generator can keep busy at these connections
     * @param originLatencySec   the origin's latency: the ceiling is connections ÷ latency
     */
    public static StepRecord of(FrontEndSpec spec, int connections, String startedAt, GeneratorResult result,
            List<SampleRow> rows, BoundarySnapshot before, BoundarySnapshot after, long ticksPerSecond,
            int generatorCores, double originLatencySec) {
        double wallSec = before.secondsUntil(after);
        Double proxyCpuSec = cpuSeconds(before.proxy(), after.proxy(), ticksPerSecond);
        Double originCpuSec = cpuSeconds(before.origin(), after.origin(), ticksPerSecond);
        Double cpuPct = StepWindow.mean(rows, SampleRow::cpuPct);
        Double generatorCpuPct = StepWindow.mean(rows, SampleRow::generatorCpuPct);
        Double proxyThreads = StepWindow.mean(rows, SampleRow::proxyThreads);
        double rps = result.rps();
        double ceiling = originLatencySec > 0 ? connections / originLatencySec : 0;
        Double gcMsPerSec = null;
        Long gcCount = null;
        if (before.jvm() != null && after.jvm() != null && wallSec > 0) {
            gcMsPerSec = after.jvm().gcMsPerSecSince(before.jvm(), wallSec);
            gcCount = after.jvm().gcCount() - before.jvm().gcCount();
        }
        return new StepRecord(spec.label(), spec.kind().id(), connections, StepRecord.OK, null,
                flags(result.errors(), generatorCpuPct, generatorCores, cpuPct), startedAt,
                round(result.durationSec()), result.requests(), round(rps), latency(result.latency()),
                errors(result.errors()), round(cpuPct), round(StepWindow.mean(rows, SampleRow::load1)),
                round(StepWindow.mean(rows, SampleRow::runQueue)), round(StepWindow.mean(rows, SampleRow::ctxSwPerSec)),
                round(StepWindow.mean(rows, SampleRow::netMbps)), round(StepWindow.mean(rows, SampleRow::memFreeMb)),
                proxyCpuSec == null || wallSec <= 0 ? null : round(100 * proxyCpuSec / wallSec),
                proxyCpuSec == null || result.requests() == 0 ? null : round(proxyCpuSec / result.requests() * 1e6),
                round(StepWindow.mean(rows, SampleRow::proxyRssMb)),
                proxyThreads == null ? null : (int) Math.round(proxyThreads),
                originCpuSec == null || wallSec <= 0 ? null : round(100 * originCpuSec / wallSec),
                round(generatorCpuPct), round(gcMsPerSec), gcCount, round(StepWindow.mean(rows, SampleRow::heapUsedMb)),
                ceiling > 0 ? round(ceiling) : null, ceiling > 0 ? round(100 * rps / ceiling) : null);
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
