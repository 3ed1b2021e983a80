package io.proxybench.loadtest.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.report.SampleRun;
import io.proxybench.loadtest.report.SpectrumFixtures;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.RepeatSpectrum;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PercentileChartsTest {

    @Test
    void ninesAxisPutsEachNineOneUnitFurther() {
        assertThat(PercentileCharts.nines(0)).isZero();
        assertThat(PercentileCharts.nines(90)).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(PercentileCharts.nines(99.999)).isCloseTo(5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(PercentileCharts.nines(50)).isBetween(0.30, 0.31);
    }

    @Test
    void ninesAreLabelledAsPercentiles() {
        assertThat(List.of(0, 1, 2, 3, 4, 5))
                .map(PercentileCharts::label)
                .containsExactly("0%", "90%", "99%", "99.9%", "99.99%", "99.999%");
    }

    @Test
    void oneChartPerStepWithSpectraRenderedToAPngFile(@TempDir Path tmp) throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("run"));
        SpectrumFixtures.add(run, "tomcat", 700, SpectrumFixtures.shaped("builtin", 52, 400));
        SpectrumFixtures.add(run, "netty", 700, SpectrumFixtures.shaped("builtin", 51, 120));
        SpectrumFixtures.add(run, "netty", 900, SpectrumFixtures.shaped("wrk", 51, 150));
        RunResults results = ResultsReader.read(run.dir());

        List<RenderedChart> charts = PercentileCharts.render(results);

        assertThat(charts)
                .extracting(RenderedChart::path)
                .containsExactly("charts/percentiles-700.png", "charts/percentiles-900.png");
        assertThat(charts.get(0).title()).isEqualTo("Latency by percentile, 700 connections");
        new ReportCharts(List.of(), java.util.Map.of(), charts, java.util.Map.of()).writeTo(run.dir());
        Path png = run.dir().resolve("charts/percentiles-700.png");
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(ChartStyle.WIDTH);
        assertThat(image.getHeight()).isEqualTo(ChartStyle.HEIGHT);
        assertThat(Files.readAllBytes(png)).isEqualTo(charts.get(0).png());
        // both front ends' colours are drawn on the 700 chart, only netty's on the 900 one
        assertThat(hasColour(image, ChartStyle.color(0).getRGB())).isTrue();
        assertThat(hasColour(image, ChartStyle.color(1).getRGB())).isTrue();
        BufferedImage only = ImageIO.read(new ByteArrayInputStream(charts.get(1).png()));
        assertThat(hasColour(only, ChartStyle.color(0).getRGB())).isFalse();
        assertThat(hasColour(only, ChartStyle.color(1).getRGB())).isTrue();
    }

    @Test
    void aRepeatedStepsTitleSaysWhichRepeatsWentInAndWhenTheMergeIsApproximate() {
        LatencySpectrum exact = SpectrumFixtures.shaped("builtin", 51, 120);
        LatencySpectrum wrk = SpectrumFixtures.shaped("wrk", 51, 120);
        assertThat(PercentileCharts.repeatsNote(List.of(new RepeatSpectrum.Merged(exact, List.of(1)))))
                .as("a run without repeats titles its charts as before")
                .isEmpty();
        assertThat(PercentileCharts.repeatsNote(List.of(
                        new RepeatSpectrum.Merged(exact, List.of(1, 2, 3)),
                        new RepeatSpectrum.Merged(exact, List.of(3, 1, 2)))))
                .isEqualTo(", repeats 1\u20133 merged");
        assertThat(PercentileCharts.repeatsNote(List.of(new RepeatSpectrum.Merged(wrk, List.of(1, 3)))))
                .isEqualTo(", repeats 1, 3 merged (wrk: request-weighted, approximate)");
    }

    @Test
    void aRunWithoutSpectraHasNoSuchCharts(@TempDir Path tmp) throws Exception {
        RunResults results =
                ResultsReader.read(SampleRun.copyTo(tmp.resolve("run")).dir());

        assertThat(PercentileCharts.render(results)).isEmpty();
    }

    private static boolean hasColour(BufferedImage image, int rgb) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == (rgb & 0xffffff)) {
                    return true;
                }
            }
        }
        return false;
    }
}
