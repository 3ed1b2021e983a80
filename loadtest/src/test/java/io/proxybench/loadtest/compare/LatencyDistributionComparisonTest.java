package io.proxybench.loadtest.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.report.SampleRun;
import io.proxybench.loadtest.report.SpectrumFixtures;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.ResultsReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class LatencyDistributionComparisonTest {

    @TempDir
    Path tmp;

    private static final LatencySpectrum BASE = SpectrumFixtures.shaped("builtin", 50, 100);
    private static final LatencySpectrum SLOW_TAIL = SpectrumFixtures.shaped("builtin", 50, 300);

    private String compare(Path baseline, Path candidate, int expectedExit) {
        StringWriter out = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(new StringWriter()));
        assertThat(cmd.execute("compare", baseline.toString(), candidate.toString()))
                .isEqualTo(expectedExit);
        return out.toString();
    }

    @Test
    void showsWhereInTheDistributionTheCandidateDiffers() throws Exception {
        SampleRun baseline = SpectrumFixtures.add(SampleRun.copyTo(tmp.resolve("b")), "netty", 700, BASE);
        SampleRun candidate = SpectrumFixtures.add(SampleRun.copyTo(tmp.resolve("c")), "netty", 700, SLOW_TAIL);

        LatencyDistributionComparison cmp = LatencyDistributionComparison.of(
                RunComparison.of(ResultsReader.read(baseline.dir()), ResultsReader.read(candidate.dir()), 5));

        assertThat(cmp.steps()).hasSize(1);
        LatencyDistributionComparison.Step step = cmp.steps().get(0);
        assertThat(step.frontEnd()).isEqualTo("netty");
        assertThat(step.connections()).isEqualTo(700);
        assertThat(step.baselineMs().get(0)).isEqualTo(BASE.valueUsAt(50) / 1000);
        assertThat(step.candidateMs().get(0))
                .as("same median")
                .isEqualTo(step.baselineMs().get(0));
        assertThat(step.candidateMs().get(4) / step.baselineMs().get(4))
                .as("p99.99: a longer tail")
                .isGreaterThan(1.5);
    }

    @Test
    void comparePrintsTheDistributionTableAndKeepsItsExitCode() {
        SampleRun baseline = SpectrumFixtures.add(SampleRun.copyTo(tmp.resolve("b")), "netty", 700, BASE);
        SampleRun candidate = SpectrumFixtures.add(SampleRun.copyTo(tmp.resolve("c")), "netty", 700, SLOW_TAIL);

        // the steps' own figures are identical: the tail alone does not fail the comparison
        String out = compare(baseline.dir(), candidate.dir(), 0);

        assertThat(out)
                .contains("latency distribution, ms (candidate \u00f7 baseline)")
                .contains("| Run   | Con. | Pct.   | Baseline | Candidate | Ratio | From    |")
                .contains("| netty |  700 | p50    |")
                .contains("| p99.99 |")
                .contains("1.00\u00d7")
                .contains("OK: no req/s drop");
        assertThat(out.lines().filter(l -> l.contains("| p")).toList()).hasSize(5);
        assertThat(out.indexOf("latency distribution")).isLessThan(out.indexOf("OK: no req/s drop"));
    }

    @Test
    void noTableUnlessBothRunsKeptTheStepsDistribution() {
        SampleRun baseline = SpectrumFixtures.add(SampleRun.copyTo(tmp.resolve("b")), "netty", 700, BASE);
        Path candidate = SampleRun.copyTo(tmp.resolve("c")).dir();

        assertThat(compare(baseline.dir(), candidate, 0)).doesNotContain("latency distribution");
        assertThat(LatencyDistributionComparison.of(new RunComparison(
                                null,
                                null,
                                5,
                                List.of(),
                                List.of(),
                                List.of(),
                                List.of(),
                                SignificanceRule.DEFAULT,
                                List.of()))
                        .render())
                .isEmpty();
    }
}
