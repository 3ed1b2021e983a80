package io.proxybench.loadtest.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The look shared by every chart: white background, legend under the plot (never over data),
 * fonts readable at the size the HTML shows them, one fixed colour per front end across all
 * charts so a reader can follow a front end from chart to chart.
 */
final class ChartStyle {

    static {
        // Reports are made on servers without a display; AWT must not try to open one.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    static final int WIDTH = 680;
    static final int HEIGHT = 400;
    static final int TIMELINE_HEIGHT = 330;

    static final Color REFERENCE_LINE = new Color(0x80, 0x80, 0x80);
    static final Color CONNECTIONS = new Color(0xb0, 0xb0, 0xb0);

    private static final List<Color> PALETTE = List.of(
            new Color(0xd6, 0x5f, 0x00), // orange
            new Color(0x1f, 0x6f, 0xb4), // blue
            new Color(0x2c, 0x9a, 0x2c), // green
            new Color(0x94, 0x57, 0xbd), // purple
            new Color(0xc0, 0x2b, 0x2b), // red
            new Color(0x17, 0xa2, 0xb8), // teal
            new Color(0x8c, 0x56, 0x4b), // brown
            new Color(0xe3, 0x77, 0xc2)); // pink

    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    private static final Font AXIS_TITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Font TICKS = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

    private ChartStyle() {}

    /** Colour of the i-th series of a chart (front ends keep their index in every chart). */
    static Color color(int index) {
        return PALETTE.get(Math.floorMod(index, PALETTE.size()));
    }

    static XYChart newChart(String title, String xAxis, String yAxis, int height) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(height)
                .title(title)
                .xAxisTitle(xAxis)
                .yAxisTitle(yAxis)
                .build();
        XYStyler s = chart.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(new Color(0x99, 0x99, 0x99));
        s.setPlotGridLinesColor(new Color(0xe2, 0xe2, 0xe2));
        s.setChartTitleFont(TITLE);
        s.setChartTitleBoxVisible(false);
        s.setAxisTitleFont(AXIS_TITLE);
        s.setAxisTickLabelsFont(TICKS);
        s.setLegendFont(LEGEND);
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setLegendBorderColor(Color.WHITE);
        s.setChartPadding(8);
        s.setMarkerSize(7);
        s.setAntiAlias(true);
        s.setToolTipsEnabled(false);
        s.setXAxisDecimalPattern("#,##0");
        return chart;
    }

    /** A front end's line: solid, in its colour, with markers when points are few. */
    static void frontEndSeries(XYSeries series, int colorIndex, boolean markers) {
        series.setLineColor(color(colorIndex));
        series.setMarkerColor(color(colorIndex));
        series.setLineStyle(new BasicStroke(2.2f));
        series.setMarker(markers ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    }

    /** A reference line (ceiling, connections): thin, grey, dashed, no markers. */
    static void referenceSeries(XYSeries series, Color color) {
        series.setLineColor(color);
        series.setLineStyle(
                new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        series.setMarker(SeriesMarkers.NONE);
    }

    static byte[] png(XYChart chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
