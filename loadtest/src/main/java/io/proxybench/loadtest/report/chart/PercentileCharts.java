package io.proxybench.loadtest.report.chart;

import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.RepeatSpectrum;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import java.awt.BasicStroke;
import java.awt.Font;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * One chart per step of the latency distribution, all front ends of the step on it: latency
 * against the percentile, the percentile on a "nines" axis (log of 1 / (1 - p)), so 90 %, 99 %,
 * 99.9 % ... are equally spaced and the tail gets as much room as the body. Drawn only for the
 * steps whose latency spectra exist; an older run has none and gets no such charts. In a repeated
 * run each line is the distribution of all the repeats of its (front end, step) together
 * ({@link RepeatSpectrum}), and the title says which repeats went in and whether the merge of wrk's
 * quantiles is approximate.
 */
public final class PercentileCharts {

    /** Where the chart of each nine is labelled: 90 % at 1, 99 % at 2, ... 99.999 % at 5. */
    private static final int NINES = 5;
    /** x of the median: log10(1 / (1 - 0.5)). */
    private static final double MEDIAN_X = Math.log10(2);

    private static final double LOG_SCALE_SPAN = 30;

    private PercentileCharts() {}

    /** Position of {@code percent} on the nines axis. */
    static double nines(double percent) {
        return Math.log10(100 / (100 - percent));
    }

    /** The label of the n-th nine: "0%", "90%", "99%" ... "99.999%". */
    static String label(int nines) {
        return new BigDecimal(100 - 100 / Math.pow(10, nines))
                        .setScale(Math.max(0, nines - 2), RoundingMode.HALF_EVEN)
                        .toPlainString()
                + "%";
    }

    /** Charts in step order, only for the steps where at least one front end has a spectrum. */
    public static List<RenderedChart> render(RunResults results) {
        List<RenderedChart> out = new ArrayList<>();
        List<String> labels = results.frontEndLabels();
        for (int step : results.connectionCounts()) {
            List<Optional<LatencySpectrum>> spectra = new ArrayList<>();
            List<RepeatSpectrum.Merged> merged = new ArrayList<>();
            for (String label : labels) {
                Optional<RepeatSpectrum.Merged> m = RepeatSpectrum.of(results, label, step);
                m.ifPresent(merged::add);
                spectra.add(m.map(RepeatSpectrum.Merged::spectrum));
            }
            if (spectra.stream().allMatch(Optional::isEmpty)) {
                continue;
            }
            String title = "Latency by percentile, " + results.run().unit().describe(step) + repeatsNote(merged);
            out.add(new RenderedChart(
                    RunFiles.CHARTS + "/percentiles-" + step + ".png",
                    title,
                    ChartStyle.png(chart(title, labels, spectra))));
        }
        return out;
    }

    /** About one legend row's height as a share of the plot's, in units of the largest value. */
    private static final double LEGEND_ROW_SHARE = 0.12;

    static XYChart chart(String title, List<String> labels, List<Optional<LatencySpectrum>> spectra) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Optional<LatencySpectrum> s : spectra) {
            for (LatencySpectrum.Point p : s.map(LatencySpectrum::points).orElse(List.of())) {
                if (p.valueUs() > 0) {
                    min = Math.min(min, p.valueUs() / 1000);
                }
                max = Math.max(max, p.valueUs() / 1000);
            }
        }
        boolean log = min > 0 && max / min > LOG_SCALE_SPAN;
        XYChart chart = ChartStyle.newChart(
                title,
                "percentile (log scale of 1 / (1 \u2212 p))",
                log ? "latency, ms (log scale)" : "latency, ms",
                ChartStyle.HEIGHT);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax((double) NINES);
        // XChart places numeric ticks where it likes; the nines are drawn as lines and labels of their own
        chart.getStyler().setXAxisTicksVisible(false);
        // one row below the plot does not hold several front ends' names, so the legend sits in the top left
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        if (log) {
            chart.getStyler().setYAxisLogarithmic(true);
        } else {
            chart.getStyler().setYAxisMin(0.0);
            // a flat distribution (every request ~ the origin's 50 ms) runs along the top: room above it for the legend
            if (max > 0) {
                chart.getStyler().setYAxisMax(max * (1.2 + LEGEND_ROW_SHARE * labels.size()));
            }
        }
        chart.getStyler().setYAxisDecimalPattern(max < 10 ? "#,##0.0" : "#,##0");
        for (int i = 0; i < labels.size(); i++) {
            if (spectra.get(i).isEmpty()) {
                continue;
            }
            LatencySpectrum s = spectra.get(i).get();
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (LatencySpectrum.Point p : s.points()) {
                if (p.percentile() < 100 && (!log || p.valueUs() > 0)) {
                    x.add(nines(p.percentile()));
                    y.add(p.valueUs() / 1000);
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            String name = String.format(
                    Locale.ROOT,
                    "%s (max %s ms%s)",
                    labels.get(i),
                    milliseconds(s.maxUs()),
                    s.exact() ? "" : ", wrk quantiles");
            ChartStyle.frontEndSeries(chart.addSeries(name, x, y), i, false);
        }
        double labelY = log ? min * 1.08 : max * 0.04;
        chart.getStyler().setAnnotationLineColor(ChartStyle.REFERENCE_LINE);
        chart.getStyler()
                .setAnnotationLineStroke(new BasicStroke(
                        1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
        chart.getStyler().setAnnotationTextFontColor(ChartStyle.REFERENCE_LINE.darker());
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.addAnnotation(new AnnotationLine(MEDIAN_X, true, false));
        // a label is centred on its point: it ends just left of its line (about 0.035 units a character)
        chart.addAnnotation(new AnnotationText("50%", MEDIAN_X - 0.04 - 0.035 * 3 / 2.0, labelY, false));
        for (int n = 1; n <= NINES; n++) {
            chart.addAnnotation(new AnnotationLine(n, true, false));
            chart.addAnnotation(
                    new AnnotationText(label(n), n - 0.04 - 0.035 * label(n).length() / 2.0, labelY, false));
        }
        return chart;
    }

    /**
     * Empty for a run without repeats (its titles read as before); else which repeats each line holds,
     * e.g. {@code , repeats 1-3 merged (wrk: request-weighted, approximate)}.
     */
    static String repeatsNote(List<RepeatSpectrum.Merged> merged) {
        List<RepeatSpectrum.Merged> several =
                merged.stream().filter(RepeatSpectrum.Merged::ofSeveral).toList();
        if (several.isEmpty()) {
            return "";
        }
        List<List<Integer>> sets = several.stream()
                .map(m -> m.repeats().stream().sorted().toList())
                .distinct()
                .toList();
        String which = sets.size() == 1 ? "repeats " + span(sets.get(0)) : "each front end's repeats";
        boolean approximate = several.stream().anyMatch(m -> !m.spectrum().exact());
        return ", " + which + " merged" + (approximate ? " (wrk: request-weighted, approximate)" : "");
    }

    /** {@code 1-3} for consecutive repeats, else {@code 1, 3}. */
    private static String span(List<Integer> repeats) {
        boolean consecutive = repeats.get(repeats.size() - 1) - repeats.get(0) == repeats.size() - 1;
        return consecutive && repeats.size() > 2
                ? repeats.get(0) + "\u2013" + repeats.get(repeats.size() - 1)
                : String.join(", ", repeats.stream().map(String::valueOf).toList());
    }

    private static String milliseconds(double us) {
        double ms = us / 1000;
        return String.format(Locale.ROOT, ms < 10 ? "%.2f" : ms < 100 ? "%.1f" : "%.0f", ms);
    }
}
