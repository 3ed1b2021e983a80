package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.report.SampleRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CompareCommandTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private Path baseline() {
        return SampleRun.copyTo(tmp.resolve("baseline")).dir();
    }

    private SampleRun candidate() {
        return SampleRun.copyTo(tmp.resolve("candidate"));
    }

    /** {@code proxybench compare ARGS}, through the entry point that turns failures into exit codes. */
    private int compare(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return cmd.execute(all);
    }

    private int compare(Path baseline, SampleRun candidate, String... more) {
        String[] args = new String[2 + more.length];
        args[0] = baseline.toString();
        args[1] = candidate.dir().toString();
        System.arraycopy(more, 0, args, 2, more.length);
        return compare(args);
    }

    @Test
    void identicalRunsPass() {
        assertThat(compare(baseline(), candidate())).isZero();

        assertThat(out.toString())
                .contains("| tomcat |  700 |")
                .contains("+0.0%")
                .contains("OK: no req/s drop")
                .doesNotContain(" !");
    }

    @Test
    void aClosedAndAnOpenRunDoNotCompare() {
        SampleRun open = candidate().editRun(r -> {
            r.put("model", "open");
            r.put("stepUnit", "rps");
        });

        assertThat(compare(baseline(), open)).isEqualTo(2);
        assertThat(err.toString()).contains("closed- and open-model runs do not compare");
    }

    @Test
    void tenPercentThroughputDropFailsAtFivePercent() {
        Path baseline = baseline();
        SampleRun candidate = candidate().scale("tomcat", 700, "rps", 0.90);

        assertThat(compare(baseline, candidate, "--threshold", "5")).isEqualTo(1);

        assertThat(out.toString())
                .contains("-10.0% !")
                .contains("tomcat @ 700: req/s 12148 \u2192 10933 (-10.0%)  [fails]")
                .contains("REGRESSION");
    }

    @Test
    void dropWithinTheThresholdPasses() {
        Path baseline = baseline();
        SampleRun candidate = candidate().scale("tomcat", 700, "rps", 0.96).scale("netty", 2000, "rps", 1.30);

        assertThat(compare(baseline, candidate)).isZero();
        assertThat(out.toString()).contains("-4.0%").contains("+30.0%");
    }

    @Test
    void tp90RiseGatesAndTheThresholdIsAdjustable() {
        Path baseline = baseline();
        SampleRun candidate = candidate().scale("netty", 1500, "latency.p90Ms", 1.10);

        assertThat(compare(baseline, candidate)).isEqualTo(1);
        assertThat(out.toString()).contains("netty @ 1500: TP90/ms 77.24 \u2192 84.96 (+10.0%)  [fails]");

        out.getBuffer().setLength(0);
        assertThat(compare(baseline, candidate, "--threshold", "15")).isZero();
    }

    @Test
    void otherMetricsAreMarkedButDoNotFail() {
        Path baseline = baseline();
        SampleRun candidate = candidate()
                .scale("netty", 900, "cpuPct", 1.20)
                .scale("netty", 900, "gcMsPerSec", 2.0)
                .scale("netty", 900, "latency.p99Ms", 1.5);

        assertThat(compare(baseline, candidate)).isZero();

        assertThat(out.toString())
                .contains("+20.0% !")
                .contains("+100.0% !")
                .contains("+50.0% !")
                .contains("netty @ 900: CPU/% 57.50 \u2192 69.00 (+20.0%)\n");
    }

    @Test
    void unmatchedStepsAreListed() {
        Path baseline = baseline();
        SampleRun candidate = candidate()
                .editStep("netty", 2000, s -> s.put("connections", 2200))
                .editStep("tomcat", 2000, s -> s.put("frontEnd", "tomcat-nio"));

        assertThat(compare(baseline, candidate)).isZero();

        assertThat(out.toString())
                .contains("only in baseline:  tomcat @ 2000, netty @ 2000")
                .contains("only in candidate: tomcat-nio @ 2000, netty @ 2200");
    }

    @Test
    void aStepThatNewlyFailedFails() {
        Path baseline = baseline();
        SampleRun candidate = candidate().fail("netty", 1300, "proxy exited with code 137");

        assertThat(compare(baseline, candidate)).isEqualTo(1);
        assertThat(out.toString()).contains("candidate failed: proxy exited with code 137");
    }

    @Test
    void conditionChangesAreShown() {
        Path baseline = baseline();
        SampleRun candidate = candidate().editRun(r -> r.put("generator", "gatling"));

        compare(baseline, candidate);

        assertThat(out.toString()).contains("conditions differ").contains("generator: wrk \u2192 gatling");
    }

    @Test
    void aChangedHugePageModeIsAConditionChangeAndAnUnrecordedOneIsNot() {
        Path baseline = SampleRun.copyTo(tmp.resolve("baseline"))
                .editRun(r -> ((ObjectNode) r.get("machine")).put("transparentHugePages", "madvise"))
                .dir();

        compare(baseline, candidate());
        assertThat(out.toString()).doesNotContain("transparent huge pages");

        compare(
                baseline,
                SampleRun.copyTo(tmp.resolve("always"))
                        .editRun(r -> ((ObjectNode) r.get("machine")).put("transparentHugePages", "always")));
        assertThat(out.toString())
                .contains("conditions differ")
                .contains("transparent huge pages: madvise \u2192 always");
    }

    @Test
    void aTransportThatResolvedDifferentlyIsAConditionChangeAndAnUnrecordedOneIsNot() {
        Path baseline = SampleRun.copyTo(tmp.resolve("baseline"))
                .editRun(r -> resolveNetty(r, "epoll"))
                .dir();

        compare(baseline, candidate());
        assertThat(out.toString()).doesNotContain("resolved at start");

        compare(baseline, SampleRun.copyTo(tmp.resolve("uring")).editRun(r -> resolveNetty(r, "io_uring")));
        assertThat(out.toString())
                .contains("conditions differ")
                .contains("netty resolved at start: {server.transport=epoll} \u2192 {server.transport=io_uring}");
    }

    private static void resolveNetty(ObjectNode run, String transport) {
        run.get("frontEnds").forEach(fe -> {
            if (fe.get("label").asText().equals("netty")) {
                ((ObjectNode) fe).putObject("resolved").put("server.transport", transport);
            }
        });
    }

    @Test
    void missingDirectoryIsBadInput() {
        assertThat(compare(baseline().toString(), tmp.resolve("nope").toString()))
                .isEqualTo(2);

        assertThat(err.toString().strip())
                .startsWith("proxybench compare: ")
                .contains("nope")
                .doesNotContain("\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void unreadableJsonIsBadInput() throws Exception {
        Path baseline = baseline();
        SampleRun candidate = candidate();
        Files.writeString(candidate.dir().resolve("steps.json"), "[{\"frontEnd\": ");

        assertThat(compare(baseline, candidate)).isEqualTo(2);
        assertThat(err.toString().strip())
                .startsWith("proxybench compare: unreadable")
                .doesNotContain("\n");
    }

    @Test
    void negativeThresholdIsBadInput() {
        assertThat(compare(baseline(), candidate(), "--threshold", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--threshold");
    }

    @Test
    void runsWithNothingInCommonAreBadInput() {
        Path baseline = baseline();
        SampleRun candidate = candidate()
                .editSteps(steps -> steps.forEach(
                        s -> ((com.fasterxml.jackson.databind.node.ObjectNode) s).put("frontEnd", "other")));

        assertThat(compare(baseline, candidate)).isEqualTo(2);
        assertThat(err.toString()).contains("no step");
    }
}
