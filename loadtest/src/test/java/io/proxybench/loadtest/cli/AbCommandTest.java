package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.AbResultFile;
import io.proxybench.loadtest.ab.Verdict;
import io.proxybench.loadtest.report.ReportWriter;
import io.proxybench.loadtest.report.SampleRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ab --from}: the verdict of a recorded A/B run and its exit code; bad input before any load. */
class AbCommandTest {

    @TempDir
    Path tmp;

    private static final String BASE = "netty";
    private static final String CAND = "netty@worktree";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /**
     * The sample run's netty steps as an A/B run of {@code rounds} rounds: round k scales every CPU per request
     * by 1 + k/1000, and the candidate ({@code netty@worktree}) is the same with its CPU per request times
     * {@code factor}; no step flagged.
     */
    private SampleRun rounds(int rounds, double factor) {
        return SampleRun.copyTo(tmp.resolve("run")).editSteps(steps -> {
            List<JsonNode> original = new ArrayList<>();
            steps.forEach(n -> {
                if ("netty".equals(n.get("frontEnd").asText())) {
                    original.add(n);
                }
            });
            steps.removeAll();
            for (int k = 1; k <= rounds; k++) {
                for (JsonNode node : original) {
                    for (String side : List.of(BASE, CAND)) {
                        ObjectNode copy = ((ObjectNode) node).deepCopy();
                        copy.put("frontEnd", side);
                        copy.put("repeat", k);
                        copy.putArray("flags");
                        double scale = (1 + k / 1000.0) * (side.equals(CAND) ? factor : 1);
                        copy.put(
                                "proxyCpuUsPerReq", node.get("proxyCpuUsPerReq").asDouble() * scale);
                        ((ArrayNode) steps).add(copy);
                    }
                }
            }
        });
    }

    private int ab(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of("ab"));
        all.addAll(List.of(args));
        return cmd.execute(all.toArray(String[]::new));
    }

    @Test
    void aCandidateSpendingMoreCpuPerRequestEndsInTheRegressionCode() throws Exception {
        // 8 steps × 4 figures = 32 tests: 6 rounds' smallest p (0.0022) could not pass Holm's 0.05 / 32; 8 can
        SampleRun run = rounds(8, 1.25);

        assertThat(ab("--from", run.dir().toString(), BASE, CAND))
                .as(out + "\n" + err)
                .isEqualTo(ExitCodes.SIGNIFICANT_REGRESSION);

        AbResult result = AbResultFile.read(run.dir());
        assertThat(result.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(result.baseline()).isEqualTo(BASE);
        assertThat(Files.readString(run.dir().resolve(AbResultFile.AB_MD))).contains("Verdict: **REGRESSION**");
        assertThat(out.toString())
                .contains("| 700 | \u00b5s/req | 157.4 | 196.8 | +25.00% (p=0.005 n=8) |")
                .contains("(p=0.");
    }

    @Test
    void theSameCostOnBothSidesExitsZero() {
        SampleRun run = rounds(8, 1.0);

        assertThat(ab("--from", run.dir().toString(), BASE, CAND)).isEqualTo(ExitCodes.OK);
    }

    @Test
    void sixRoundsOverEightStepsSayHowManyRoundsWouldShowAChange() {
        SampleRun run = rounds(6, 1.25);

        assertThat(ab("--from", run.dir().toString(), BASE, CAND)).isEqualTo(ExitCodes.OK);
        assertThat(out.toString())
                .contains("Note: 6 pairs cannot show a change over a family of 32 tests")
                .contains("7 undisturbed pairs per step can");
    }

    @Test
    void tooFewRoundsEndInTheNoVerdictCode() {
        SampleRun run = rounds(3, 1.25);

        assertThat(ab("--from", run.dir().toString(), BASE, CAND)).isEqualTo(ExitCodes.NOT_ENOUGH_SAMPLES);
        assertThat(out.toString()).contains("no verdict: fewer than 4 undisturbed pairs");
    }

    @Test
    void badInputIsOneLineAndExitTwoBeforeAnyLoad() {
        assertThat(ab()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains("ab needs BASELINE and CANDIDATE");
        assertThat(ab("netty", "tomcat", "--repeat", "3")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(ab("netty", "tomcat", "--rounds", "1")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(ab("netty", "tomcat", "--alpha", "1.5")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains("--rounds: 1 is out of range 2..100");
        assertThat(ab("netty", "netty")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains("for an A/A run name them apart, e.g. netty@HEAD netty@worktree");
    }

    @Test
    void aGateWithoutABaselineRevisionStopsBeforeAnyLoad() throws Exception {
        Path file = Files.writeString(tmp.resolve("perf-baseline"), "# bumped deliberately\n\n");
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));

        assertThat(cmd.execute("gate", "--baseline-file", file.toString())).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString()).contains(file + " names no revision");
        assertThat(cmd.execute("gate", "--baseline-file", tmp.resolve("missing").toString()))
                .isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void theReportOfAnAbRunCarriesTheVerdict() throws Exception {
        SampleRun run = rounds(8, 1.25);
        ab("--from", run.dir().toString(), BASE, CAND);

        ReportWriter.write(run.dir());

        assertThat(Files.readString(run.dir().resolve("report.html")))
                .contains("<h2>A/B verdict</h2>")
                .contains("Verdict: **REGRESSION**");
    }
}
