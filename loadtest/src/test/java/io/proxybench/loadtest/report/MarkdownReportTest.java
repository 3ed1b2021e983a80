package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownReportTest {

    private static final List<String> REFERENCE_COLUMNS = List.of(
            "Run", "Con.", "Rq./s", "Av./ms", "TP50/ms", "TP75/ms", "TP90/ms", "CPU/%", "LdAvg", "Ctx Sw.", "Mbps");

    @TempDir
    Path tmp;

    /** The cells of each table line (header, alignment, rows), trimmed. */
    private static List<List<String>> cells(String table) {
        return table.lines()
                .map(line -> Arrays.stream(line.substring(1, line.length() - 1).split("(?<!\\\\)\\|"))
                        .map(String::trim)
                        .toList())
                .toList();
    }

    private static List<String> row(List<List<String>> cells, String frontEnd, String connections) {
        return cells.stream()
                .filter(r -> r.get(0).equals(frontEnd) && r.get(1).equals(connections))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void tableHasTheReferenceColumnsThenTheExtras() throws Exception {
        List<String> header = cells(MarkdownReport.table(ResultsReader.read(SampleRun.sourceDir())))
                .get(0);

        assertThat(header.subList(0, 11)).isEqualTo(REFERENCE_COLUMNS);
        assertThat(header.subList(11, header.size())).containsExactly("TP99/ms", "Errors", "\u00b5s/req", "Flags");
    }

    @Test
    void theDiagnosticsTableHoldsWhatExplainsARow() throws Exception {
        List<List<String>> cells = cells(MarkdownReport.diagnosticsTable(ResultsReader.read(SampleRun.sourceDir())));

        assertThat(cells.get(0)).containsExactly("Run", "Con.", "RSS MB", "Threads", "GC ms/s", "% ceil.");
        List<String> tomcat = row(cells, "tomcat", "1100");
        assertThat(tomcat.get(0)).isEqualTo("tomcat");
        assertThat(tomcat.subList(4, 6)).containsExactly("36.33", "69.9");
        assertThat(Double.parseDouble(tomcat.get(2))).as("RSS MB").isPositive();
        assertThat(Integer.parseInt(tomcat.get(3))).as("threads").isPositive();
    }

    @Test
    void theMainTableOfTheDefaultRunFitsAWindowOf160Characters() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("wide"))
                .editSteps(steps -> steps.forEach(step -> ((ObjectNode) step).put("proxySysCpuUsPerReq", 56.74)));

        String table = MarkdownReport.table(ResultsReader.read(run.dir()));

        assertThat(table.lines()).allMatch(line -> line.length() <= 160, "at most 160 characters");
    }

    @Test
    void aRunThatMeasuredTheKernelsPartShowsItBesideTheWholeCpuPerRequest() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("split"))
                .editStep("netty", 700, step -> step.put("proxySysCpuUsPerReq", 56.74));

        List<List<String>> cells = cells(MarkdownReport.diagnosticsTable(ResultsReader.read(run.dir())));

        List<String> header = cells.get(0);
        assertThat(header).containsExactly("Run", "Con.", "sys \u00b5s/req", "RSS MB", "Threads", "GC ms/s", "% ceil.");
        int sys = header.indexOf("sys \u00b5s/req");
        assertThat(row(cells, "netty", "700").get(sys)).isEqualTo("56.7");
        assertThat(row(cells, "tomcat", "700").get(sys)).as("not measured").isEqualTo(FigureFormat.NONE);
    }

    @Test
    void numbersAreFormattedLikeTheReference() throws Exception {
        List<List<String>> cells = cells(MarkdownReport.table(ResultsReader.read(SampleRun.sourceDir())));

        assertThat(row(cells, "tomcat", "1100").subList(0, 11))
                .containsExactly(
                        "tomcat",
                        "1100",
                        "15385",
                        "6410.00",
                        "58.81",
                        "71.22",
                        "58000.00",
                        "79.57",
                        "18.10",
                        "69413.10",
                        "367.46");
        assertThat(row(cells, "netty", "2000").subList(0, 11))
                .containsExactly(
                        "netty",
                        "2000",
                        "28196",
                        "70.87",
                        "63.92",
                        "75.58",
                        "96.34",
                        "78.96",
                        "9.71",
                        "48146.36",
                        "682.39");
        assertThat(row(cells, "tomcat", "1100").subList(11, 15))
                .containsExactly("60000.00", "415", "256.5", "timeouts");
        assertThat(row(cells, "netty", "2000").get(14)).isEqualTo("generator-saturated");
        assertThat(row(cells, "netty", "700").get(14)).isEmpty();
    }

    @Test
    void rowsInterleaveFrontEndsPerStep() throws Exception {
        List<List<String>> cells = cells(MarkdownReport.table(ResultsReader.read(SampleRun.sourceDir())));
        List<String> order = cells.subList(2, cells.size()).stream()
                .map(r -> r.get(0) + "@" + r.get(1))
                .toList();

        assertThat(order)
                .containsExactly(
                        "tomcat@700",
                        "netty@700",
                        "tomcat@900",
                        "netty@900",
                        "tomcat@1100",
                        "netty@1100",
                        "tomcat@1300",
                        "netty@1300",
                        "tomcat@1500",
                        "netty@1500",
                        "tomcat@1700",
                        "netty@1700",
                        "tomcat@1900",
                        "netty@1900",
                        "tomcat@2000",
                        "netty@2000");
    }

    @Test
    void inMemoryStepsFollowTheDeclaredFrontEndOrderNotTheListOrder() throws Exception {
        RunResults sample = ResultsReader.read(SampleRun.sourceDir());
        List<StepRecord> nettyFirst = sample.steps().stream()
                .sorted((a, b) ->
                        a.frontEnd().equals(b.frontEnd()) ? 0 : a.frontEnd().equals("netty") ? -1 : 1)
                .toList();

        List<List<String>> cells = cells(MarkdownReport.table(sample.run(), nettyFirst));

        assertThat(cells.get(2).subList(0, 2)).containsExactly("tomcat", "700");
        assertThat(cells.get(3).subList(0, 2)).containsExactly("netty", "700");
    }

    @Test
    void ratiosDivideByTheFirstFrontEnd() throws Exception {
        String ratios = MarkdownReport.ratios(ResultsReader.read(SampleRun.sourceDir()));

        assertThat(ratios.lines()).hasSize(8);
        assertThat(ratios)
                .contains("- 700 connections: netty/tomcat = 1.09\u00d7")
                .contains("- 1300 connections: netty/tomcat = 1.39\u00d7")
                .contains("- 2000 connections: netty/tomcat = 1.81\u00d7");
    }

    @Test
    void failedStepShowsDashesAndItsReason() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp).fail("netty", 1300, "proxy exited with code 137\n(OOM killer)");
        RunResults results = ResultsReader.read(run.dir());

        List<List<String>> cells = cells(MarkdownReport.table(results));
        List<String> failed = row(cells, "netty", "1300");
        assertThat(failed.subList(2, 14)).allMatch(FigureFormat.NONE::equals);
        assertThat(failed.get(14)).isEqualTo("failed: proxy exited with code 137 (OOM killer)");
        assertThat(MarkdownReport.ratios(results))
                .contains("- 1300 connections: netty/tomcat = n/a (netty failed)")
                .contains("- 1500 connections: netty/tomcat = 1.50\u00d7");
        // the table stays one line per row
        assertThat(MarkdownReport.table(results).lines()).hasSize(18);
    }

    @Test
    void aFrontEndsLineSaysWhatItResolvedAtStartWhenTheRunRecordedIt() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp)
                .editRun(r -> r.get("frontEnds").forEach(fe -> {
                    if (fe.get("label").asText().equals("netty")) {
                        ((ObjectNode) fe)
                                .putObject("resolved")
                                .put("server.transport", "epoll")
                                .put("netty.leakDetection", "disabled");
                    }
                }));

        List<String> lines =
                MarkdownReport.render(ResultsReader.read(run.dir())).lines().toList();

        assertThat(lines)
                .filteredOn(l -> l.startsWith("- **netty**"))
                .singleElement()
                .asString()
                .contains("; resolved at start: `server.transport=epoll, netty.leakDetection=disabled`");
        assertThat(lines)
                .filteredOn(l -> l.startsWith("- **tomcat**"))
                .singleElement()
                .asString()
                .doesNotContain("resolved");
    }

    @Test
    void pipesInLabelsDoNotBreakTheTable() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp).editStep("netty", 700, s -> s.put("frontEnd", "netty|odd"));

        String table = MarkdownReport.table(ResultsReader.read(run.dir()));

        assertThat(table).contains("netty\\|odd");
        assertThat(cells(table)).allMatch(r -> r.size() == 15);
    }

    @Test
    void reportRecordsTheConditions() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp);
        MarkdownReport.write(ResultsReader.read(run.dir()));
        String md = Files.readString(run.dir().resolve("report.md"));

        assertThat(md)
                .startsWith("# proxybench run 20261121-235900-a1b2")
                .contains("**Git revision:** abc1234 (dirty)")
                .contains("**Generator:** wrk")
                .contains("**Mode:** keepalive")
                .contains("**Topology:** loopback")
                .contains("**CPU:** Intel(R) Xeon(R) CPU E5430 @ 2.66GHz")
                .contains("**Cores:** 8")
                .contains("**Kernel:** 6.1.0-28-amd64")
                .contains("**JDK:** 17.0.15 (Debian)")
                .contains("**ulimit -n:** 20000")
                .contains("net.core.somaxconn=5000")
                .contains("`workers.inbound=4, workers.stage=8, workers.outbound=4`")
                .contains("-Xms3500m -Xmx3500m")
                .contains("2000 connections need ~4100 descriptors per process")
                .contains("(1 min 55 s)");
        assertThat(md.indexOf("## Results")).isLessThan(md.indexOf("## Ratios"));
        assertThat(md).contains(MarkdownReport.table(ResultsReader.read(run.dir())));
    }

    @Test
    void anOpenModelRunNamesItsStepsAsRatesAndHasNoCeiling() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp).editRun(r -> {
            r.put("generator", "gatling");
            r.put("model", "open");
            r.put("stepUnit", "rps");
        });
        RunResults results = ResultsReader.read(run.dir());

        List<List<String>> cells = cells(MarkdownReport.table(results));
        assertThat(cells.get(0))
                .startsWith("Run", "Rate/s", "Rq./s")
                .doesNotContain("% ceil.", "Con.")
                .endsWith("\u00b5s/req", "Flags");
        assertThat(cells).allMatch(r -> r.size() == 15);
        assertThat(row(cells, "netty", "2000").get(14)).isEqualTo("generator-saturated");
        assertThat(cells(MarkdownReport.diagnosticsTable(results)).get(0))
                .containsExactly("Run", "Rate/s", "RSS MB", "Threads", "GC ms/s");
        assertThat(MarkdownReport.ratios(results)).contains("- 2000 req/s offered: netty/tomcat = 1.81\u00d7");
        String md = MarkdownReport.render(results);
        assertThat(md)
                .contains("**Model:** open (fixed arrival rate")
                .contains("**Steps:** 700, 900, 1100, 1300, 1500, 1700, 1900, 2000 req/s offered")
                .contains("Open model: Rate/s is the arrival rate offered")
                .contains("Gatling's first request to last answer")
                .doesNotContain("Little's-law ceiling (connections");
    }

    @Test
    void aRunWithoutAModelCountsConnections() throws Exception {
        String md = MarkdownReport.render(ResultsReader.read(SampleRun.sourceDir()));

        assertThat(md)
                .contains("**Steps:** 700, 900, 1100, 1300, 1500, 1700, 1900, 2000 connections")
                .contains("% ceil. is req/s against the Little's-law ceiling")
                .doesNotContain("**Model:**");
    }

    @Test
    void singleFrontEndHasNoRatios() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp).editSteps(steps -> {
            for (int i = steps.size() - 1; i >= 0; i--) {
                if (steps.get(i).get("frontEnd").asText().equals("netty")) {
                    steps.remove(i);
                }
            }
        });
        run.editRun(r -> ((com.fasterxml.jackson.databind.node.ArrayNode) r.get("frontEnds")).remove(1));

        assertThat(MarkdownReport.ratios(ResultsReader.read(run.dir()))).contains("no ratios");
    }
}
