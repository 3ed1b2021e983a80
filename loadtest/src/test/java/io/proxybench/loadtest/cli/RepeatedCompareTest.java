package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.report.SampleRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code compare} on runs made with {@code --repeat}: changes count only when they stand out of the repeats' noise. */
class RepeatedCompareTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /**
     * The sample run with every step made {@code factors.length} repeats: repeat k has req/s times
     * {@code factors[k]} and every latency figure divided by it (a slower repeat answers later).
     */
    private SampleRun repeated(String name, double... factors) {
        return SampleRun.copyTo(tmp.resolve(name)).editSteps(steps -> {
            List<JsonNode> original = new ArrayList<>();
            steps.forEach(original::add);
            steps.removeAll();
            for (int k = 0; k < factors.length; k++) {
                double factor = factors[k];
                for (JsonNode node : original) {
                    ObjectNode copy = ((ObjectNode) node).deepCopy();
                    copy.put("repeat", k + 1);
                    copy.put("rps", node.get("rps").asDouble() * factor);
                    ObjectNode latency = (ObjectNode) copy.get("latency");
                    List<String> names = new ArrayList<>();
                    latency.fieldNames().forEachRemaining(names::add);
                    names.forEach(f -> latency.put(f, latency.get(f).asDouble() / factor));
                    ((ArrayNode) steps).add(copy);
                }
            }
        });
    }

    private int compare(SampleRun baseline, SampleRun candidate, String... more) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        List<String> args = new ArrayList<>(
                List.of("compare", baseline.dir().toString(), candidate.dir().toString()));
        args.addAll(List.of(more));
        return cmd.execute(args.toArray(String[]::new));
    }

    @Test
    void aSeparatedDropBeyondTheThresholdIsASignificantRegression() {
        SampleRun baseline = repeated("baseline", 0.98, 1.00, 1.02);
        SampleRun candidate = repeated("candidate", 0.89, 0.90, 0.91);

        assertThat(compare(baseline, candidate)).isEqualTo(1);

        assertThat(out.toString())
                .contains("3 vs 3 repeats cannot reach p<0.05; the smallest possible p is 0.100: tested at alpha 0.10")
                .contains("baseline:  20261121-235900-a1b2 (")
                .contains("3 repeats)")
                .contains("-10.0% !")
                .contains("tomcat @ 700: req/s 12148 \u00b14.0% \u2192 10933 \u00b12.2% (-10.0%, p=0.100)  [fails]")
                .contains("REGRESSION: significant req/s or TP90");
    }

    @Test
    void backToBackRunsOfTheSameConfigurationPassAndShowTheirSpread() {
        SampleRun baseline = repeated("baseline", 0.97, 1.00, 1.03);
        SampleRun candidate = repeated("candidate", 1.02, 0.99, 0.96);

        assertThat(compare(baseline, candidate)).isZero();

        assertThat(out.toString())
                .contains("spread of the repeats, (max \u2212 min) / median, %: baseline / candidate")
                .contains("6.0 / 6.1")
                .contains("OK: no significant req/s drop or TP90 rise beyond 5.0%")
                .doesNotContain(" !");
    }

    @Test
    void aDropBeyondTheThresholdThatTheNoiseCoversDoesNotFail() {
        SampleRun baseline = repeated("baseline", 0.80, 1.00, 1.20);
        SampleRun candidate = repeated("candidate", 0.85, 0.90, 1.15);

        assertThat(compare(baseline, candidate)).isZero();

        assertThat(out.toString())
                .contains("-10.0% ~")
                .contains("but within the noise (not significant):")
                .contains("tomcat @ 700: req/s 12148 \u00b140.0% \u2192 10933 \u00b133.3% (-10.0%, p=1.000)")
                .doesNotContain("[fails]");
    }

    @Test
    void aChosenLevelTheRepeatsCannotReachFallsBackToTheThresholdAndSaysSo() {
        SampleRun baseline = repeated("baseline", 0.80, 1.00, 1.20);
        SampleRun candidate = repeated("candidate", 0.85, 0.90, 1.15);

        assertThat(compare(baseline, candidate, "--alpha", "0.05")).isEqualTo(1);

        assertThat(out.toString())
                .contains("3 vs 3 repeats cannot reach p<0.05; the smallest possible p is 0.100:"
                        + " judged by the threshold alone");
    }

    @Test
    void aVariantIsPairedWithTheBaselinesFrontEndOfItsKind() {
        SampleRun baseline = repeated("baseline", 0.98, 1.00, 1.02);
        SampleRun candidate = repeated("candidate", 0.79, 0.80, 0.81)
                .editSteps(steps -> steps.forEach(s -> {
                    if (s.get("frontEnd").asText().equals("netty")) {
                        ((ObjectNode) s).put("frontEnd", "netty[workers.stage=8]");
                    }
                }))
                .editRun(r -> r.get("frontEnds").forEach(fe -> {
                    if (fe.get("label").asText().equals("netty")) {
                        ((ObjectNode) fe).put("label", "netty[workers.stage=8]");
                        ((ObjectNode) fe).putObject("settings").put("workers.stage", "8");
                    }
                }));

        assertThat(compare(baseline, candidate)).isEqualTo(1);

        assertThat(out.toString())
                .contains("paired by kind (the only front end of its kind the other run lacks):"
                        + " netty \u2192 netty[workers.stage=8]")
                .contains("netty settings: {workers.inbound=4, workers.stage=8, workers.outbound=4} \u2192"
                        + " {workers.stage=8}")
                .contains("netty @ 2000: req/s")
                .doesNotContain("only in");
    }

    @Test
    void singleRunsSayTheNoiseIsUnknownAndKeepTheThresholdJudgement() {
        SampleRun baseline = SampleRun.copyTo(tmp.resolve("baseline"));
        SampleRun candidate = SampleRun.copyTo(tmp.resolve("candidate")).scale("tomcat", 700, "rps", 0.90);

        assertThat(compare(baseline, candidate)).isEqualTo(1);

        assertThat(out.toString())
                .contains("noise:     unknown (one run of each step on each side): judged by the" + " threshold alone")
                .contains("tomcat @ 700: req/s 12148 \u2192 10933 (-10.0%)  [fails]")
                .doesNotContain("spread of the repeats")
                .doesNotContain("p=");
    }

    @Test
    void theNoteNamesTheFlagsEitherSideRaisedWithTheirRepeats() {
        SampleRun baseline = repeated("baseline", 0.98, 1.00, 1.02);
        SampleRun candidate = repeated("candidate", 1.02, 0.99, 0.96)
                .editSteps(steps -> steps.forEach(s -> {
                    ObjectNode step = (ObjectNode) s;
                    if (step.get("frontEnd").asText().equals("tomcat")
                            && step.get("connections").asInt() == 700
                            && step.get("repeat").asInt() == 2) {
                        step.putArray("flags").add("cpu-stolen");
                    }
                }));

        assertThat(compare(baseline, candidate)).isZero();

        String text = out.toString();
        assertThat(text.lines()
                        .filter(l -> l.startsWith("| tomcat |  700 |"))
                        .findFirst()
                        .orElseThrow())
                .contains("| candidate cpu-stolen in repeat 2 ");
        assertThat(text.lines()
                        .filter(l -> l.startsWith("| tomcat |  900 |"))
                        .findFirst()
                        .orElseThrow())
                .doesNotContain("cpu-stolen");
        assertThat(text).contains("Note names the flags a step raised on either side");
        // the flags the kit derives from a step's figures too: the sample's tomcat timed out at 1100
        assertThat(text)
                .contains("| baseline timeouts in repeats 1, 2 and 3; candidate timeouts in repeats 1, 2 and 3 ");
    }

    @Test
    void alphaOutOfRangeIsBadInput() {
        SampleRun run = repeated("baseline", 1.0, 1.0);

        assertThat(compare(run, run, "--alpha", "1.5")).isEqualTo(2);
        assertThat(err.toString()).contains("--alpha must be between 0 and 1");
    }
}
