package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.results.ResultsReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepeatSummaryTest {

    @TempDir
    Path tmp;

    /** The sample run made three repeats, repeat k with req/s and TP90 times {@code factors[k]}. */
    private SampleRun repeated(double... factors) {
        return SampleRun.copyTo(tmp.resolve("run")).editSteps(steps -> {
            List<JsonNode> original = new ArrayList<>();
            steps.forEach(original::add);
            steps.removeAll();
            for (int k = 0; k < factors.length; k++) {
                for (JsonNode node : original) {
                    ObjectNode copy = ((ObjectNode) node).deepCopy();
                    copy.put("repeat", k + 1);
                    copy.put("rps", node.get("rps").asDouble() * factors[k]);
                    ((ObjectNode) copy.get("latency"))
                            .put("p90Ms", node.get("latency").get("p90Ms").asDouble() * factors[k]);
                    ((ArrayNode) steps).add(copy);
                }
            }
        });
    }

    private static List<String> row(String table, String frontEnd, String connections) {
        return table.lines()
                .filter(l -> l.startsWith("| " + frontEnd + " "))
                .map(l -> List.of(l.substring(1).split("\\|")))
                .map(cells -> cells.stream().map(String::trim).toList())
                .filter(cells -> cells.get(1).equals(connections))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aRepeatedRunShowsOneRowPerStepWithTheMedianAndTheSpreadOfTheMainFigures() throws Exception {
        String table = MarkdownReport.table(
                ResultsReader.read(repeated(1.02, 0.97, 1.00).dir()));

        List<String> tomcat700 = row(table, "tomcat", "700");
        // req/s 12148: median of 12390.96, 11783.56, 12148; spread (1.02 - 0.97) / 1.00
        assertThat(tomcat700.subList(0, 8))
                .containsExactly(
                        "tomcat",
                        "700",
                        "12148 \u00b15.0%",
                        "61.25 \u00b10.0%",
                        "53.51 \u00b10.0%",
                        "54.63 \u00b10.0%",
                        "58.00 \u00b15.0%",
                        "61.02 \u00b10.0%");
        // load average and the like have no spread column of their own
        assertThat(tomcat700.get(8)).isEqualTo("9.30");
        assertThat(table.lines().filter(l -> l.matches("\\|\\s*tomcat\\s*\\|\\s*700\\s*\\|.*")))
                .hasSize(1);
        assertThat(table)
                .contains("Each row is the median of 3 repeats; \u00b1 is the repeats' full range"
                        + " (max \u2212 min) as a share of the median.");
    }

    @Test
    void theReportsRatiosUseTheMediansToo() throws Exception {
        String md =
                MarkdownReport.render(ResultsReader.read(repeated(1.0, 0.5, 2.0).dir()));

        // netty/tomcat at 700 in the sample: 13283 / 12148
        assertThat(md).contains("- 700 connections: netty/tomcat = 1.09\u00d7");
    }

    @Test
    void aRunWithoutRepeatsHasNoSpreadAndNoNote() throws Exception {
        String table = MarkdownReport.table(ResultsReader.read(SampleRun.sourceDir()));

        assertThat(table).doesNotContain("\u00b1").doesNotContain("median");
    }
}
