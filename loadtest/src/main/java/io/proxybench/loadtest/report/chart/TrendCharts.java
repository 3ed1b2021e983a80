package io.proxybench.loadtest.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One figure over many runs in time order ({@code history}): each run's median as a point, its spread
 * (the lowest to the highest repeat) as a bar through it, the runs numbered along the x axis with their
 * short commit ids in its title, and a dashed line before each run where the figure moved to a new level.
 */
public final class TrendCharts {

    private static final Color SPREAD = new Color(0x70, 0x70, 0x70);
    private static final Color CHANGE = new Color(0xc0, 0x2b, 0x2b);
    private static final int MAX_TITLE = 95;

    /**
     * One run's figure.
     *
     * @param label  the run's short commit id, for the x axis title
     * @param median the median over the run's repeats
     * @param low    the lowest repeat (the median itself for a run without repeats)
     * @param high   the highest repeat
     */
    public record Point(String label, double median, double low, double high) {}

    private TrendCharts() {}

    /**
     * The chart of {@code points}, stored under {@code path}.
     *
     * @param changes the indexes of the points where a new level starts
     * @param color   the front end's colour index, as in the run reports
     */
    public static RenderedChart render(
            String path, String title, String yAxis, List<Point> points, List<Integer> changes, int color) {
        XYChart chart = ChartStyle.newChart(title, xAxisTitle(points), yAxis, ChartStyle.HEIGHT);
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        double top = 0;
        for (int i = 0; i < points.size(); i++) {
            x.add(i + 1.0);
            y.add(points.get(i).median());
            top = Math.max(top, points.get(i).high());
        }
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(points.size() + 1.0);
        ChartStyle.frontEndSeries(chart.addSeries("median of the repeats", x, y), color, true);
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            if (p.high() > p.low()) {
                XYSeries bar =
                        chart.addSeries("spread " + (i + 1), List.of(i + 1.0, i + 1.0), List.of(p.low(), p.high()));
                bar.setLineColor(SPREAD);
                bar.setLineStyle(new BasicStroke(1.4f));
                bar.setMarker(SeriesMarkers.NONE);
                bar.setShowInLegend(false);
            }
        }
        boolean named = false;
        for (int at : changes) {
            double where = at + 0.5;
            XYSeries line = chart.addSeries(
                    named ? "change " + at : "new level", List.of(where, where), List.of(0.0, top * 1.05));
            ChartStyle.referenceSeries(line, CHANGE);
            line.setShowInLegend(!named);
            named = true;
        }
        return new RenderedChart(path, title, ChartStyle.png(chart));
    }

    /**
     * The x axis numbers the runs; its title says which commit each number is while that fits on one
     * line. (XChart's own tick labels cannot carry them: a label function whose ticks between runs repeat
     * a blank keeps its tick search from ending.)
     */
    private static String xAxisTitle(List<Point> points) {
        StringBuilder commits = new StringBuilder("run, oldest first:");
        for (int i = 0; i < points.size(); i++) {
            commits.append(i == 0 ? " " : ", ")
                    .append(i + 1)
                    .append(':')
                    .append(points.get(i).label());
        }
        return commits.length() <= MAX_TITLE ? commits.toString() : "run, oldest first (commits in the table)";
    }
}
