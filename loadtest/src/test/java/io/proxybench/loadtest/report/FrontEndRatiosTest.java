package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.StepRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FrontEndRatiosTest {

    @TempDir
    Path tmp;

    /**
     * The sample run made once per entry of the factors, repeat k with each front end's µs/req times its
     * k-th factor.
     */
    private SampleRun repeated(Map<String, double[]> cpuFactors) {
        return SampleRun.copyTo(tmp.resolve("run")).editSteps(steps -> {
            List<JsonNode> original = new ArrayList<>();
            steps.forEach(original::add);
            steps.removeAll();
            int repeats = cpuFactors.values().iterator().next().length;
            for (int k = 0; k < repeats; k++) {
                for (JsonNode node : original) {
                    ObjectNode copy = ((ObjectNode) node).deepCopy();
                    copy.put("repeat", k + 1);
                    double factor = cpuFactors.get(node.get("frontEnd").asText())[k];
                    copy.put("proxyCpuUsPerReq", node.get("proxyCpuUsPerReq").asDouble() * factor);
                    ((ArrayNode) steps).add(copy);
                }
            }
        });
    }

    private static String line(String ratios, String step) {
        return ratios.lines()
                .filter(l -> l.startsWith("- " + step + ":"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void cpuPerRequestIsDividedByTheFirstFrontEndsBesideRequestsPerSecond() throws Exception {
        String ratios = MarkdownReport.ratios(ResultsReader.read(SampleRun.sourceDir()));

        // netty 156.7 µs/req against tomcat's 249.1 at 700 connections
        assertThat(line(ratios, "700 connections"))
                .isEqualTo("- 700 connections: netty/tomcat = 1.09\u00d7, CPU per request 0.63\u00d7");
    }

    @Test
    void withRepeatsEachRepeatIsDividedByTheSameRepeatOfTheBaseline() throws Exception {
        SampleRun run = repeated(Map.of("netty", new double[] {1.0, 1.2}, "tomcat", new double[] {1.0, 0.8}));

        String ratios = MarkdownReport.ratios(ResultsReader.read(run.dir()));

        // medians netty (156.7 + 188.04) / 2, tomcat (249.1 + 199.28) / 2: 0.77; repeat 1 156.7 / 249.1,
        // repeat 2 188.04 / 199.28; req/s did not change between repeats
        assertThat(line(ratios, "700 connections"))
                .isEqualTo("- 700 connections: netty/tomcat = 1.09\u00d7 (repeats 1.09\u00d7, 1.09\u00d7), "
                        + "CPU per request 0.77\u00d7 (repeats 0.63\u00d7, 0.94\u00d7)");
    }

    @Test
    void aFailedRepeatLeavesItsPairOutAndAnUnmeasuredCpuLeavesTheCpuRatioOut() throws Exception {
        SampleRun run = repeated(Map.of("netty", new double[] {1.0, 1.2}, "tomcat", new double[] {1.0, 0.8}))
                .editSteps(steps -> steps.forEach(s -> {
                    ObjectNode step = (ObjectNode) s;
                    if (step.get("frontEnd").asText().equals("netty")
                            && step.get("connections").asInt() == 700
                            && step.get("repeat").asInt() == 2) {
                        step.put("status", "failed").put("failure", "proxy exited");
                    }
                    if (step.get("frontEnd").asText().equals("tomcat")
                            && step.get("connections").asInt() == 900) {
                        step.putNull("proxyCpuUsPerReq");
                    }
                }));

        String ratios = MarkdownReport.ratios(ResultsReader.read(run.dir()));

        // the medians: netty 156.7 (its one repeat left), tomcat (249.1 + 199.28) / 2
        assertThat(line(ratios, "700 connections")).endsWith("CPU per request 0.70\u00d7 (repeats 0.63\u00d7)");
        assertThat(line(ratios, "900 connections"))
                .doesNotContain("CPU per request")
                .contains("netty/tomcat = ");
    }

    @Test
    void whereBothMeasuredTheKernelsPartTheUserSpaceAndKernelPartsAreDividedToo() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("split"))
                .editStep("netty", 700, step -> step.put("proxySysCpuUsPerReq", 56.7))
                .editStep("tomcat", 700, step -> step.put("proxySysCpuUsPerReq", 49.1))
                .editStep("netty", 900, step -> step.put("proxySysCpuUsPerReq", 50.0));

        String ratios = MarkdownReport.ratios(ResultsReader.read(run.dir()));

        // netty 156.7 = 100 user + 56.7 kernel, tomcat 249.1 = 200 user + 49.1 kernel
        assertThat(line(ratios, "700 connections"))
                .isEqualTo("- 700 connections: netty/tomcat = 1.09\u00d7, "
                        + "CPU per request 0.63\u00d7 [user 0.50\u00d7, sys 1.15\u00d7]");
        // tomcat's split not measured at 900: the whole only
        assertThat(line(ratios, "900 connections")).contains("CPU per request").doesNotContain("[user");
        String report = MarkdownReport.render(ResultsReader.read(run.dir()));
        assertThat(report)
                .contains("In square brackets the ratios of its user-space and kernel parts")
                .contains("sys \u00b5s/req is the kernel's part of \u00b5s/req");
    }

    @Test
    void theCpuPerRequestNetOfTheJitIsDividedWhereAJvmsCompilerThreadsWereToldApart() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("jit"))
                .editStep(
                        "netty",
                        700,
                        step -> step.put("proxyJitCpuUsPerReq", 31.7).put("proxyGcCpuUsPerReq", 4.0))
                .editStep(
                        "tomcat",
                        700,
                        step -> step.put("proxyJitCpuUsPerReq", 0.0).put("proxyGcCpuUsPerReq", 9.0));

        String ratios = MarkdownReport.ratios(ResultsReader.read(run.dir()));

        // netty 156.7 µs/req of which its compilers 31.7: 125.0 against tomcat's 249.1 (which compiled nothing)
        assertThat(line(ratios, "700 connections"))
                .isEqualTo("- 700 connections: netty/tomcat = 1.09\u00d7, "
                        + "CPU per request 0.63\u00d7; net of the JIT 0.50\u00d7");
        // a JVM whose threads were not told apart has no such figure: nothing to divide
        assertThat(line(ratios, "900 connections")).doesNotContain("net of the JIT");
        String report = MarkdownReport.render(ResultsReader.read(run.dir()));
        assertThat(report)
                .contains("| JIT \u00b5s/req | GC \u00b5s/req |")
                .contains("\"Net of the JIT\" divides")
                .contains("JIT \u00b5s/req and GC \u00b5s/req are the parts of a JVM's");
        assertThat(MarkdownReport.render(ResultsReader.read(SampleRun.sourceDir())))
                .as("older runs render as they did")
                .doesNotContain("JIT \u00b5s/req")
                .doesNotContain("Net of the JIT");
    }

    @Test
    void aRatioNamesTheFlagsOfTheStepsItDividesWithTheRepeatsTheyFellOn() throws Exception {
        SampleRun run = repeated(Map.of("netty", new double[] {1.0, 1.2}, "tomcat", new double[] {1.0, 0.8}))
                .editSteps(steps -> steps.forEach(s -> {
                    ObjectNode step = (ObjectNode) s;
                    if (step.get("connections").asInt() != 700) {
                        return;
                    }
                    boolean tomcat = step.get("frontEnd").asText().equals("tomcat");
                    if (tomcat) {
                        step.putArray("flags").add(StepRecord.FLAG_CPU_STOLEN);
                    } else if (step.get("repeat").asInt() == 2) {
                        step.putArray("flags").add(StepRecord.FLAG_JIT_BUSY).add(StepRecord.FLAG_CPU_STOLEN);
                    }
                }));

        String report = MarkdownReport.render(ResultsReader.read(run.dir()));
        String ratios = MarkdownReport.ratios(ResultsReader.read(run.dir()));

        // the baseline first, then the front end divided; each flag with the repeats that raised it
        assertThat(line(ratios, "700 connections"))
                .endsWith("CPU per request 0.77\u00d7 (repeats 0.63\u00d7, 0.94\u00d7)"
                        + " \u2014 flagged: tomcat cpu-stolen in repeats 1 and 2"
                        + " / netty jit-busy in repeat 2, cpu-stolen in repeat 2");
        assertThat(line(ratios, "900 connections")).doesNotContain("flagged");
        assertThat(report).contains("A ratio whose steps raised flags names them");
        // the flags the kit derives from a step's figures count too (the sample's tomcat had timeouts at 1100)
        assertThat(line(ratios, "1100 connections")).endsWith("\u2014 flagged: tomcat timeouts in repeats 1 and 2");
    }

    @Test
    void anNginxBaselineHasNoJitToTakeAway() {
        StepRecord nginx = new StepRecord(
                "nginx",
                "nginx",
                100,
                StepRecord.OK,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                new StepRecord.Processes(null, 40.0, null, null, null, null, null, null, null),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        StepRecord oldNetty = new StepRecord(
                "netty",
                "netty",
                100,
                StepRecord.OK,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                new StepRecord.Processes(null, 50.0, null, null, null, null, null, null, null),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        assertThat(FrontEndRatios.cpuNetOfJit(nginx)).isEqualTo(40.0);
        assertThat(FrontEndRatios.cpuNetOfJit(oldNetty))
                .as("a JVM's compile time unknown")
                .isNull();
    }

    @Test
    void theNoteSaysWhatIsDividedAndWhatTheBracketsHoldWhenThereAreAny() throws Exception {
        String once = MarkdownReport.render(ResultsReader.read(SampleRun.sourceDir()));
        String twice = MarkdownReport.render(ResultsReader.read(
                repeated(Map.of("netty", new double[] {1.0, 1.0}, "tomcat", new double[] {1.0, 1.0}))
                        .dir()));

        assertThat(once)
                .contains("then its proxy CPU per request relative to tomcat's")
                .doesNotContain("in brackets")
                .as("a run without the kernel's part reads as it did")
                .doesNotContain("square brackets")
                .doesNotContain("sys \u00b5s/req");
        assertThat(twice).contains("each repeat's own ratio in brackets");
    }

    @Test
    void withThreeRepeatsOrMoreTheCpuRatioGetsAnIntervalFromTheRepeatsNoFlagDisturbed() throws Exception {
        SampleRun run = repeated(
                        Map.of("netty", new double[] {1.0, 1.1, 0.9, 1.0}, "tomcat", new double[] {1.0, 1.0, 1.0, 2.0}))
                .editSteps(steps -> steps.forEach(s -> {
                    ObjectNode step = (ObjectNode) s;
                    if (step.get("connections").asInt() == 900
                            && step.get("repeat").asInt() == 4
                            && step.get("frontEnd").asText().equals("tomcat")) {
                        step.putArray("flags").add(StepRecord.FLAG_CPU_STOLEN);
                    }
                }));

        String ratios = MarkdownReport.ratios(ResultsReader.read(run.dir()));

        // at 700 all four pairs: 0.629 x (1.0, 1.1, 0.9, 0.5), the last repeat's baseline doubled; the logarithms'
        // mean -0.639, standard deviation 0.355, t(3, 0.975) 3.182: exp(-0.639 +- 0.564), 0.30 to 0.93
        assertThat(line(ratios, "700 connections"))
                .contains("CPU per request 0.63\u00d7 (repeats 0.63\u00d7, 0.69\u00d7, "
                        + "0.57\u00d7, 0.31\u00d7; 95 % CI 0.30\u20130.93\u00d7)")
                .doesNotContain("undisturbed");
        // at 900 the stolen repeat is left out: three pairs 1.0, 1.1, 0.9 of the same ratio remain
        String at900 = line(ratios, "900 connections");
        assertThat(at900)
                .containsPattern("CPU per request [0-9.]+\u00d7 \\(repeats [^;]+; 95 % CI [0-9.]+\u2013[0-9.]+\u00d7 "
                        + "of the 3 undisturbed\\)");
        assertThat(MarkdownReport.render(ResultsReader.read(run.dir()))).contains("\"95 % CI\" is the range");
    }

    @Test
    void theIntervalIsTheGeometricMeansStudentTRangeAndSymmetricForTheInverse() {
        RatioInterval ratios = RatioInterval.of(List.of(0.8, 1.0, 1.25)).orElseThrow();
        RatioInterval inverse = RatioInterval.of(List.of(1.25, 1.0, 0.8)).orElseThrow();

        // logarithms -0.223, 0, 0.223: mean 0, standard deviation 0.223, t(2, 0.975) 4.303, half-width 0.554
        assertThat(ratios.low()).isCloseTo(0.575, offset(0.001));
        assertThat(ratios.high()).isCloseTo(1.740, offset(0.001));
        assertThat(inverse.low() * ratios.high()).isCloseTo(1.0, offset(1e-9));
        assertThat(RatioInterval.of(List.of(1.0, 1.2)))
                .as("two pairs give no interval")
                .isEmpty();
        assertThat(RatioInterval.of(List.of(1.1, 1.1, 1.1)).orElseThrow().low()).isCloseTo(1.1, offset(1e-9));
    }
}
