package io.proxybench.loadtest.measure;

import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.split.SplitGenerator;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.StepWindow;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the other boxes of a hosts run add to a step's record, from their per-host samples: the
 * machine figures of the proxy's box in place of the kit's own (they describe the front end's
 * machine), the {@code generator-saturated} flag for every generator box whose generator reached
 * 90 % of the cores it can use there, and how a split step's latency was merged. A run with every
 * role on this machine has no host rows and keeps its record as it is.
 */
public final class HostStepFigures {

    private HostStepFigures() {
    }

    /**
     * @param hostRows  the front end's rows from the other boxes (samples.csv rows with a host)
     * @param proxyBox  the proxy's box, or null when it runs on this machine
     * @param boxCores  cores of each other box, by name
     */
    public static StepRecord apply(StepRecord record, LoadGenerator generator, List<Sample> hostRows, StepWindow window,
            String proxyBox, Map<String, Integer> boxCores) {
        if (!record.ok()) {
            return record;
        }
        List<Sample> inside = hostRows.stream().filter(window::contains).toList();
        StepRecord out = record;
        if (proxyBox != null) {
            List<Sample> proxyRows = inside.stream().filter(r -> proxyBox.equals(r.host())).toList();
            if (!proxyRows.isEmpty()) {
                out = withMachine(out, proxyMachine(record.machine(), proxyRows));
                if (out.machine().cpuPct() != null && out.machine().cpuPct() >= StepFigures.MACHINE_SATURATION_PCT) {
                    out = out.withFlag(StepRecord.FLAG_MACHINE_SATURATED);
                }
            }
        }
        if (generator instanceof SplitGenerator split) {
            int step = record.connections();
            for (int i = 0; i < split.boxes().size(); i++) {
                String box = split.boxes().get(i);
                int usable = split.usableCores(i, step);
                if (saturated(inside, box, Math.min(usable, boxCores.getOrDefault(box, usable)))) {
                    out = out.withFlag(StepRecord.FLAG_GENERATOR_SATURATED);
                }
            }
            String how = split.parts(stepName(record)).map(SplitGenerator.Parts::latencyMerge).orElse(null);
            out = how == null ? out : out.withLatencyMerge(how);
        }
        return out;
    }

    /** Whether the generator's mean CPU on {@code box} reached 90 % of {@code cores} over the step. */
    static boolean saturated(List<Sample> inside, String box, int cores) {
        Double cpu = StepWindow.mean(inside.stream().filter(r -> box.equals(r.host())).toList(),
                s -> s.processes().generatorCpuPct());
        return cpu != null && cpu >= StepFigures.GENERATOR_SATURATION * 100 * cores;
    }

    /** The proxy box's means; a figure its sampler did not give stays the kit's. */
    static MachineFigures proxyMachine(MachineFigures kit, List<Sample> rows) {
        return new MachineFigures(or(mean(rows, MachineFigures::cpuPct), kit.cpuPct()),
                or(mean(rows, MachineFigures::loadAvg), kit.loadAvg()),
                or(mean(rows, MachineFigures::runQueue), kit.runQueue()),
                or(mean(rows, MachineFigures::ctxSwPerSec), kit.ctxSwPerSec()),
                or(mean(rows, MachineFigures::netMbps), kit.netMbps()),
                or(mean(rows, MachineFigures::memFreeMb), kit.memFreeMb()));
    }

    private static String stepName(StepRecord record) {
        return Integer.toString(record.connections());
    }

    private static Double mean(List<Sample> rows, Function<MachineFigures, Double> figure) {
        return StepFigures.round(StepWindow.mean(rows, s -> figure.apply(s.machine())));
    }

    private static Double or(Double value, Double otherwise) {
        return value != null ? value : otherwise;
    }

    private static StepRecord withMachine(StepRecord r, MachineFigures machine) {
        return new StepRecord(r.frontEnd(), r.kind(), r.connections(), r.status(), r.failure(), r.flags(),
                r.startedAt(), r.durationSec(), r.load(), r.latency(), r.errors(), machine, r.processes(), r.jvm(),
                r.ceiling(), r.originFaults(), r.latencySpectrum(), r.repeat(), r.latencyMerge());
    }
}
