package io.proxybench.loadtest.report.chart;

import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * Charts of each step's figure against the step (connections, or the offered rate in an open-model
 * run), all front ends in one chart, laid out as the reference does: observed performance on the
 * left, resource use on the right.
 */
final class AggregateCharts {

    /** A latency chart switches to a log axis when its values span more than this factor. */
    private static final double LOG_SCALE_SPAN = 30;

    private record Spec(String file, String title, String yAxis, Function<StepRecord, Double> value, boolean latency) {}

    private static final List<Spec> SPECS = List.of(
            new Spec("rps", "Throughput", "requests/s", s -> s.load().rps(), false),
            new Spec(
                    "cpu",
                    "CPU utilisation (machine)",
                    "CPU busy, % of all cores",
                    s -> s.machine().cpuPct(),
                    false),
            new Spec("tp50", "Latency TP50", "ms", s -> s.latency().p50Ms(), true),
            new Spec("network", "Network IO", "Mbit/s", s -> s.machine().netMbps(), false),
            new Spec("tp75", "Latency TP75", "ms", s -> s.latency().p75Ms(), true),
            new Spec(
                    "runqueue",
                    "Run queue length",
                    "runnable threads",
                    s -> s.machine().runQueue(),
                    false),
            new Spec("tp90", "Latency TP90", "ms", s -> s.latency().p90Ms(), true),
            new Spec("loadavg", "Load average (1 min)", "load", s -> s.machine().loadAvg(), false),
            new Spec("tp99", "Latency TP99", "ms", s -> s.latency().p99Ms(), true),
            new Spec("ctxsw", "Context switches", "switches/s", s -> s.machine().ctxSwPerSec(), false),
            new Spec(
                    "us-per-req",
                    "Proxy CPU per request",
                    "\u00b5s CPU / request",
                    s -> s.processes().proxyCpuUsPerReq(),
                    false),
            new Spec("gc", "GC time", "ms of GC per s", s -> s.jvm().gcMsPerSec(), false));

    private AggregateCharts() {}

    /** One chart per figure that at least one front end measured, in grid order. */
    static List<RenderedChart> render(RunResults results) {
        List<RenderedChart> out = new ArrayList<>();
        for (Spec spec : SPECS) {
            XYChart chart = chart(results, spec);
            if (chart != null) {
                out.add(new RenderedChart(
                        RunFiles.CHARTS + "/" + spec.file() + ".png", spec.title(), ChartStyle.png(chart)));
            }
        }
        return out;
    }

    private static XYChart chart(RunResults results, Spec spec) {
        List<String> labels = results.frontEndLabels();
        List<List<Double>> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (String label : labels) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int connections : results.connectionCounts()) {
                StepRecord step = results.step(label, connections).orElse(null);
                Double v = step == null || !step.ok() ? null : spec.value().apply(step);
                if (v != null && Double.isFinite(v)) {
                    x.add((double) connections);
                    y.add(v);
                    if (v > 0) {
                        min = Math.min(min, v);
                    }
                    max = Math.max(max, v);
                }
            }
            xs.add(x);
            ys.add(y);
        }
        if (ys.stream().allMatch(List::isEmpty)) {
            return null;
        }
        boolean log = spec.latency() && min > 0 && max / min > LOG_SCALE_SPAN;
        XYChart chart = ChartStyle.newChart(
                spec.title(),
                results.run().unit().axisTitle(),
                log ? spec.yAxis() + " (log scale)" : spec.yAxis(),
                ChartStyle.HEIGHT);
        if (log) {
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisDecimalPattern("#,##0");
        } else {
            chart.getStyler().setYAxisMin(0.0);
            if (spec.file().equals("cpu") && max <= 100) {
                // a share of the machine reads best against the whole machine
                chart.getStyler().setYAxisMax(100.0);
            }
        }
        for (int i = 0; i < labels.size(); i++) {
            List<Double> y = ys.get(i);
            if (log) {
                // a log axis cannot show zero; such a point would only hide the others
                List<Double> keptX = new ArrayList<>();
                List<Double> keptY = new ArrayList<>();
                for (int j = 0; j < y.size(); j++) {
                    if (y.get(j) > 0) {
                        keptX.add(xs.get(i).get(j));
                        keptY.add(y.get(j));
                    }
                }
                xs.set(i, keptX);
                ys.set(i, y = keptY);
            }
            if (!y.isEmpty()) {
                ChartStyle.frontEndSeries(chart.addSeries(labels.get(i), xs.get(i), y), i, true);
            }
        }
        if (spec.file().equals("rps")) {
            if (results.run().unit().hasCeiling()) {
                addCeiling(results, chart);
            } else {
                addOffered(results, chart);
            }
        }
        return chart;
    }

    /** An open-model step offers its rate: a front end that keeps up answers on this line. */
    private static void addOffered(RunResults results, XYChart chart) {
        List<Double> rates =
                results.connectionCounts().stream().map(Integer::doubleValue).toList();
        if (!rates.isEmpty()) {
            ChartStyle.referenceSeries(chart.addSeries("offered rate", rates, rates), ChartStyle.REFERENCE_LINE);
        }
    }

    /** Little's law: with N connections each waiting L for the origin, no proxy can exceed N / L. */
    private static void addCeiling(RunResults results, XYChart chart) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        Double latencyMs = results.run().workload().originLatencyMs();
        for (int connections : results.connectionCounts()) {
            Double ceiling = null;
            if (latencyMs != null && latencyMs > 0) {
                ceiling = connections / (latencyMs / 1000.0);
            } else {
                ceiling = results.steps().stream()
                        .filter(s -> s.connections() != null
                                && s.connections() == connections
                                && s.ceiling().ceilingRps() != null)
                        .map(s -> s.ceiling().ceilingRps())
                        .findFirst()
                        .orElse(null);
            }
            if (ceiling != null) {
                x.add((double) connections);
                y.add(ceiling);
            }
        }
        if (!x.isEmpty()) {
            String name = latencyMs == null
                    ? "ceiling (Little's law)"
                    : "ceiling: connections \u00f7 " + String.format(Locale.ROOT, "%.0f", latencyMs) + " ms";
            XYSeries series = chart.addSeries(name, x, y);
            ChartStyle.referenceSeries(series, ChartStyle.REFERENCE_LINE);
        }
    }
}
