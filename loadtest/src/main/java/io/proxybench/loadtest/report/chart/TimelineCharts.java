package io.proxybench.loadtest.report.chart;

import io.proxybench.loadtest.results.MachineDescription;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepUnit;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Per front end, the one-second samples over time (CPU, free memory, network, run queue, context
 * switches, GC) with the step (connections or offered rate) drawn on a right-hand axis, so a reader can see what
 * each step did to the machine.
 *
 * <p>When front ends take turns, a front end's samples have holes while another one runs. The
 * holes are cut out of the time axis (the line breaks there) so every column of the grid spans
 * only the time that front end was measured.
 */
final class TimelineCharts {

    private static final Color TOTAL = new Color(0x33, 0x33, 0x33);
    private static final Color ORIGIN = new Color(0xbc, 0xbd, 0x22);
    private static final Color GENERATOR = new Color(0x8c, 0x56, 0x4b);

    private record Line(String name, Function<Sample, Double> value, Color color) {}

    private record Spec(String file, String title, String yAxis, List<Line> lines) {}

    /** Chart kinds in grid order; also the file names under charts/&lt;front end&gt;/. */
    static final List<String> KINDS = List.of("cpu", "memfree", "network", "runq", "cswitch", "gc");

    private TimelineCharts() {}

    /** Charts per front-end label (in declaration order); a front end without samples is absent. */
    static Map<String, List<RenderedChart>> render(RunResults results) {
        Map<String, List<RenderedChart>> out = new LinkedHashMap<>();
        List<String> labels = results.frontEndLabels();
        Map<String, String> dirs = ChartDirectories.of(labels);
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            // rows of other boxes (hosts topology) have their own charts: renderHosts
            List<Sample> samples = results.samplesOf(label).stream()
                    .filter(s -> s.host() == null)
                    .toList();
            if (samples.isEmpty()) {
                continue;
            }
            TimeAxis axis = TimeAxis.of(samples);
            List<RenderedChart> charts = new ArrayList<>();
            for (Spec spec : specs(ChartStyle.color(i), results.run().machine())) {
                XYChart chart = chart(label, spec, samples, axis, results.run().unit());
                if (chart != null) {
                    charts.add(new RenderedChart(
                            RunFiles.CHARTS + "/" + dirs.get(label) + "/" + spec.file() + ".png",
                            label + ": " + spec.title(),
                            ChartStyle.png(chart)));
                }
            }
            out.put(label, charts);
        }
        return out;
    }

    /**
     * Per other box of a hosts-topology run (the samples' {@code host}), its machine and its roles'
     * processes over the whole run; empty for a run whose samples are all of the kit's machine.
     */
    static Map<String, List<RenderedChart>> renderHosts(RunResults results) {
        Map<String, List<Sample>> byHost = new LinkedHashMap<>();
        for (Sample s : results.samples()) {
            if (s.host() != null && !s.host().isEmpty()) {
                byHost.computeIfAbsent(s.host(), h -> new ArrayList<>()).add(s);
            }
        }
        Map<String, List<RenderedChart>> out = new LinkedHashMap<>();
        int i = 0;
        for (Map.Entry<String, List<Sample>> host : byHost.entrySet()) {
            List<Sample> samples = host.getValue();
            TimeAxis axis = TimeAxis.of(samples);
            String dir = RunFiles.CHARTS + "/hosts/" + host.getKey().replaceAll("[^A-Za-z0-9.-]", "_");
            List<RenderedChart> charts = new ArrayList<>();
            // a box's core count is not recorded: its per-process CPU stays in one-core units
            for (Spec spec : specs(ChartStyle.color(i++), null)) {
                XYChart chart = spec.file().equals("gc")
                        ? null
                        : chart(
                                host.getKey(),
                                spec,
                                samples,
                                axis,
                                results.run().unit());
                if (chart != null) {
                    charts.add(new RenderedChart(
                            dir + "/" + spec.file() + ".png",
                            host.getKey() + ": " + spec.title(),
                            ChartStyle.png(chart)));
                }
            }
            out.put(host.getKey(), charts);
        }
        return out;
    }

    private static List<Spec> specs(Color frontEnd, MachineDescription machine) {
        Integer cores = machine == null ? null : machine.cores();
        List<Line> cpu = new ArrayList<>();
        cpu.add(new Line("machine", s -> s.machine().cpuPct(), TOTAL));
        if (cores != null && cores > 0) {
            // per-process figures are of one core; divide so every line shares the machine's 0..100 axis
            cpu.add(new Line("proxy", s -> perMachine(s.processes().proxyCpuPct(), cores), frontEnd));
            cpu.add(new Line("origin", s -> perMachine(s.processes().originCpuPct(), cores), ORIGIN));
            cpu.add(new Line("generator", s -> perMachine(s.processes().generatorCpuPct(), cores), GENERATOR));
        }
        return List.of(
                new Spec("cpu", "CPU utilisation", "% of all cores", cpu),
                new Spec(
                        "memfree",
                        "Free memory",
                        "MB",
                        List.of(new Line("free memory", s -> s.machine().memFreeMb(), frontEnd))),
                new Spec(
                        "network",
                        "Network IO",
                        "Mbit/s",
                        List.of(new Line("network", s -> s.machine().netMbps(), frontEnd))),
                new Spec(
                        "runq",
                        "Run queue length",
                        "runnable threads",
                        List.of(
                                new Line("run queue", s -> s.machine().runQueue(), frontEnd),
                                new Line("load avg (1 min)", s -> s.machine().loadAvg(), TOTAL))),
                new Spec(
                        "cswitch",
                        "Context switches",
                        "switches/s",
                        List.of(new Line("context switches", s -> s.machine().ctxSwPerSec(), frontEnd))),
                new Spec(
                        "gc",
                        "GC time",
                        "ms of GC per s",
                        List.of(new Line("GC", s -> s.jvm().gcMsPerSec(), frontEnd))));
    }

    private static Double perMachine(Double oneCorePct, int cores) {
        return oneCorePct == null ? null : oneCorePct / cores;
    }

    private static XYChart chart(String label, Spec spec, List<Sample> samples, TimeAxis axis, StepUnit unit) {
        List<Line> measured = spec.lines().stream()
                .filter(l -> samples.stream().anyMatch(s -> finite(l.value().apply(s))))
                .toList();
        if (measured.isEmpty()) {
            return null;
        }
        XYChart chart =
                ChartStyle.newChart(label + ": " + spec.title(), "time (s)", spec.yAxis(), ChartStyle.TIMELINE_HEIGHT);
        chart.getStyler().setYAxisMin(0, 0.0);
        if (spec.file().equals("cpu")
                && measured.stream()
                        .allMatch(l -> samples.stream().map(l.value()).allMatch(v -> v == null || v <= 100))) {
            chart.getStyler().setYAxisMax(0, 100.0);
        }
        for (Line line : measured) {
            XYSeries series = chart.addSeries(line.name(), axis.xValues(), axis.values(samples, line.value()));
            series.setLineColor(line.color());
            series.setMarker(SeriesMarkers.NONE);
            series.setLineStyle(new BasicStroke(1.8f));
        }
        addSteps(chart, samples, axis, unit);
        return chart;
    }

    /** The step (connections or offered rate) as a staircase on the right-hand axis. */
    private static void addSteps(XYChart chart, List<Sample> samples, TimeAxis axis, StepUnit unit) {
        if (samples.stream().noneMatch(s -> s.connections() != null)) {
            return;
        }
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        Integer previous = null;
        for (int i = 0; i < samples.size(); i++) {
            Double xi = axis.xOfSample(i);
            Integer c = samples.get(i).connections();
            if (c != null && previous != null && !c.equals(previous)) {
                x.add(xi);
                y.add(previous.doubleValue());
            }
            x.add(xi);
            y.add(c == null ? null : c.doubleValue());
            previous = c;
        }
        XYSeries series = chart.addSeries(unit.shortName() + " (right axis)", x, y);
        series.setYAxisGroup(1);
        ChartStyle.referenceSeries(series, ChartStyle.CONNECTIONS);
        chart.setYAxisGroupTitle(1, unit.shortName());
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        chart.getStyler().setYAxisMin(1, 0.0);
        chart.getStyler().putYAxisGroupDecimalPatternMap(1, "#,##0");
    }

    private static boolean finite(Double v) {
        return v != null && Double.isFinite(v);
    }
}
