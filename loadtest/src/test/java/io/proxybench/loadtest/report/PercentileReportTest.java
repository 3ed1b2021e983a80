package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html gains one distribution chart per step only when the run kept latency spectra. */
class PercentileReportTest {

    @Test
    void runWithSpectraShowsADistributionChartPerStepAndTheSameTable(@TempDir Path tmp) throws Exception {
        Path plain = SampleRun.copyTo(tmp.resolve("plain")).dir();
        SampleRun run = SampleRun.copyTo(tmp.resolve("spectra"));
        SpectrumFixtures.add(run, "tomcat", 700, SpectrumFixtures.shaped("builtin", 52, 400));
        SpectrumFixtures.add(run, "netty", 700, SpectrumFixtures.shaped("builtin", 51, 120));

        ReportWriter.write(plain);
        ReportWriter.write(run.dir());

        String html = Files.readString(run.dir().resolve("report.html"));
        assertThat(html)
                .contains("<h2>Latency distribution per step</h2>")
                .contains("alt=\"Latency by percentile, 700 connections\"")
                .doesNotContain("Latency by percentile, 900 connections");
        assertThat(html.indexOf("Latency distribution per step"))
                .isGreaterThan(html.indexOf("Aggregate performance"))
                .isLessThan(html.indexOf("Samples over time"));
        assertThat(run.dir().resolve("charts/percentiles-700.png")).exists();
        assertThat(Files.readString(run.dir().resolve("report.md")))
                .isEqualTo(Files.readString(plain.resolve("report.md")));
    }

    @Test
    void runWithoutSpectraHasNoDistributionSection(@TempDir Path tmp) throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("plain"));
        // a step that names a spectrum whose file is gone: skipped, the report still renders
        run.editStep("netty", 700, step -> step.put("latencySpectrum", "latency-700.json"));

        ReportWriter.write(run.dir());

        assertThat(Files.readString(run.dir().resolve("report.html")))
                .doesNotContain("Latency distribution")
                .contains("Aggregate performance");
        assertThat(run.dir().resolve("charts/percentiles-700.png")).doesNotExist();
    }
}
