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
 * machine), the proxy's and the origin's CPU (and the proxy's memory and threads) as read on their
 * boxes — the kit's own readings there are of its ssh clients — the {@code generator-saturated}
 * flag for every generator box whose generator reached 90 % of the cores it can use there, and how
 * a split step's latency was merged. A run with every role on this machine has no host rows and
 * keeps its record as it is.
 */
public final class HostStepFigures {

    private HostStepFigures() {}

    /**
     * @param hostRows  the front end's rows from the other boxes (samples.csv rows with a host)
     * @param proxyBox  the proxy's box, or null when it runs on this machine
     * @param originBox the origin's box, or null when it runs on this machine
     * @param boxCores  cores of each other box, by name
     */
    public static StepRecord apply(
            StepRecord record,
            LoadGenerator generator,
            List<Sample> hostRows,
            StepWindow window,
            String proxyBox,
            String originBox,
            Map<String, Integer> boxCores) {
        if (!record.ok()) {
            return record;
        }
        List<Sample> inside = hostRows.stream().filter(window::contains).toList();
        StepRecord out = record;
        if (proxyBox != null) {
            List<Sample> proxyRows =
                    inside.stream().filter(r -> proxyBox.equals(r.host())).toList();
            if (!proxyRows.isEmpty()) {
                out = with(out, out.processes(), proxyMachine(record.machine(), proxyRows));
                if (out.machine().cpuPct() != null && out.machine().cpuPct() >= StepFigures.MACHINE_SATURATION_PCT) {
                    out = out.withFlag(StepRecord.FLAG_MACHINE_SATURATED);
                }
                if (StepFigures.stolen(out.machine().stealPct())) {
                    out = out.withFlag(StepRecord.FLAG_CPU_STOLEN);
                }
            }
        }
        if (proxyBox != null || originBox != null) {
            out = with(out, remoteProcesses(out, inside, proxyBox, originBox), out.machine());
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
            String how = split.parts(stepName(record))
                    .map(SplitGenerator.Parts::latencyMerge)
                    .orElse(null);
            out = how == null ? out : out.withLatencyMerge(how);
        }
        return out;
    }

    /** Whether the generator's mean CPU on {@code box} reached 90 % of {@code cores} over the step. */
    static boolean saturated(List<Sample> inside, String box, int cores) {
        Double cpu = StepWindow.mean(
                inside.stream().filter(r -> box.equals(r.host())).toList(),
                s -> s.processes().generatorCpuPct());
        return cpu != null && cpu >= StepFigures.GENERATOR_SATURATION * 100 * cores;
    }

    /** The proxy box's means; a figure its sampler did not give stays the kit's. */
    static MachineFigures proxyMachine(MachineFigures kit, List<Sample> rows) {
        return new MachineFigures(
                or(mean(rows, MachineFigures::cpuPct), kit.cpuPct()),
                or(mean(rows, MachineFigures::loadAvg), kit.loadAvg()),
                or(mean(rows, MachineFigures::runQueue), kit.runQueue()),
                or(mean(rows, MachineFigures::ctxSwPerSec), kit.ctxSwPerSec()),
                or(mean(rows, MachineFigures::netMbps), kit.netMbps()),
                or(mean(rows, MachineFigures::memFreeMb), kit.memFreeMb()),
                or(mean(rows, MachineFigures::stealPct), kit.stealPct()));
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

    /**
     * The proxy's CPU, its CPU per request, memory and threads from the proxy box's rows, the origin's
     * CPU from the origin box's; unmeasured (null) when that box's rows lack them. A role on this
     * machine keeps the kit's figures. A remote proxy's JIT and GC threads are not told apart (its box
     * reports the process as a whole): null.
     */
    static StepRecord.Processes remoteProcesses(
            StepRecord record, List<Sample> inside, String proxyBox, String originBox) {
        StepRecord.Processes p = record.processes();
        List<Sample> proxy = proxyBox == null
                ? List.of()
                : inside.stream().filter(r -> proxyBox.equals(r.host())).toList();
        List<Sample> origin = originBox == null
                ? List.of()
                : inside.stream().filter(r -> originBox.equals(r.host())).toList();
        Double proxyCpu =
                StepFigures.round(StepWindow.mean(proxy, s -> s.processes().proxyCpuPct()));
        Double proxySysCpu =
                StepFigures.round(StepWindow.mean(proxy, s -> s.processes().proxySysCpuPct()));
        Double rps = record.load().rps();
        Double usPerReq = perRequestUs(proxyCpu, rps);
        Double sysUsPerReq = perRequestUs(proxySysCpu, rps);
        Double rss = StepFigures.round(StepWindow.mean(proxy, s -> s.processes().proxyRssMb()));
        Double threads = StepWindow.mean(proxy, s -> s.processes().proxyThreads());
        Double originCpu =
                StepFigures.round(StepWindow.mean(origin, s -> s.processes().originCpuPct()));
        // the kit's own readings of a remote role are of its ssh client: none is better than those
        boolean remoteProxy = proxyBox != null;
        return new StepRecord.Processes(
                remoteProxy ? proxyCpu : p.proxyCpuPct(),
                remoteProxy ? usPerReq : p.proxyCpuUsPerReq(),
                remoteProxy ? sysUsPerReq : p.proxySysCpuUsPerReq(),
                remoteProxy ? rss : p.proxyRssMb(),
                !remoteProxy ? p.proxyThreads() : threads == null ? null : (int) Math.round(threads),
                originBox != null ? originCpu : p.originCpuPct(),
                p.generatorCpuPct(),
                remoteProxy ? null : p.proxyJitCpuUsPerReq(),
                remoteProxy ? null : p.proxyGcCpuUsPerReq());
    }

    /** A mean CPU share (one core = 100) at a rate, as microseconds per request. */
    private static Double perRequestUs(Double cpuPct, Double rps) {
        return cpuPct == null || rps == null || rps <= 0 ? null : StepFigures.round(cpuPct / 100 / rps * 1e6);
    }

    private static StepRecord with(StepRecord r, StepRecord.Processes processes, MachineFigures machine) {
        return new StepRecord(
                r.frontEnd(),
                r.kind(),
                r.connections(),
                r.status(),
                r.failure(),
                r.flags(),
                r.startedAt(),
                r.durationSec(),
                r.load(),
                r.latency(),
                r.errors(),
                machine,
                processes,
                r.jvm(),
                r.ceiling(),
                r.originFaults(),
                r.latencySpectrum(),
                r.repeat(),
                r.latencyMerge(),
                r.leadIn(),
                r.pinning(),
                r.locks(),
                r.handshakes());
    }
}
