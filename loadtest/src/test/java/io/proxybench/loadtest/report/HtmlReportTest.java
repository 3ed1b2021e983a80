package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.report.chart.ReportCharts;
import io.proxybench.loadtest.results.ResultsReader;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Renders the sample run once (charts take a moment) and checks report.html and charts/. */
class HtmlReportTest {

    private static final int AGGREGATE_CHARTS = 12;
    private static final int TIMELINE_CHARTS_PER_FRONT_END = 6;
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    static Path shared;

    private static Path runDir;
    private static String html;
    private static String table;

    @BeforeAll
    static void render() throws Exception {
        runDir = SampleRun.copyTo(shared.resolve("run")).dir();
        Path gatling = runDir.resolve("raw/netty/gatling/keepalive-700-20261121/index.html");
        Files.createDirectories(gatling.getParent());
        Files.writeString(gatling, "<html></html>");
        table = ReportWriter.write(runDir);
        html = Files.readString(runDir.resolve("report.html"));
    }

    private static List<String> attributes(String name) {
        Matcher m = Pattern.compile("\\b" + name + "\\s*=\\s*\"([^\"]*)\"", Pattern.CASE_INSENSITIVE)
                .matcher(html);
        List<String> values = new ArrayList<>();
        while (m.find()) {
            values.add(m.group(1));
        }
        return values;
    }

    @Test
    void opensOfflineWithNothingFetchedFromOutside() {
        assertThat(attributes("src")).isNotEmpty().allMatch(src -> src.startsWith("data:image/png;base64,"));
        assertThat(attributes("href"))
                .allSatisfy(href -> assertThat(href).doesNotContain(":").doesNotStartWith("/"));
        assertThat(html)
                .doesNotContainIgnoringCase("<script")
                .doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("url(")
                .doesNotContainIgnoringCase("@import")
                .doesNotContain("http://")
                .doesNotContain("https://");
    }

    @Test
    void holdsAllChartsAsValidImages() throws Exception {
        List<String> images = attributes("src");
        assertThat(images).hasSize(AGGREGATE_CHARTS + 2 * TIMELINE_CHARTS_PER_FRONT_END);
        for (String src : images) {
            byte[] png = Base64.getDecoder().decode(src.substring("data:image/png;base64,".length()));
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertThat(image).isNotNull();
            assertThat(image.getWidth()).isGreaterThanOrEqualTo(600);
        }
    }

    @Test
    void writesTheSameChartsAsPngFiles() throws Exception {
        List<Path> pngs;
        try (Stream<Path> files = Files.walk(runDir.resolve("charts"))) {
            pngs = files.filter(Files::isRegularFile).toList();
        }
        assertThat(pngs).hasSize(AGGREGATE_CHARTS + 2 * TIMELINE_CHARTS_PER_FRONT_END);
        assertThat(runDir.resolve("charts/rps.png")).exists();
        assertThat(runDir.resolve("charts/tp90.png")).exists();
        assertThat(runDir.resolve("charts/us-per-req.png")).exists();
        for (String kind : List.of("cpu", "memfree", "network", "runq", "cswitch", "gc")) {
            assertThat(runDir.resolve("charts/tomcat/" + kind + ".png")).exists();
            assertThat(runDir.resolve("charts/netty/" + kind + ".png")).exists();
        }
        for (Path png : pngs) {
            byte[] bytes = Files.readAllBytes(png);
            assertThat(bytes).startsWith(PNG_MAGIC);
            assertThat(ImageIO.read(png.toFile())).as(png.toString()).isNotNull();
        }
        String embeddedRps = Base64.getEncoder().encodeToString(Files.readAllBytes(runDir.resolve("charts/rps.png")));
        assertThat(html).contains("src=\"data:image/png;base64," + embeddedRps + "\"");
    }

    @Test
    void timeChartsFormOneColumnPerFrontEnd() {
        int grid = html.indexOf("Samples over time");
        String timelines = html.substring(grid);
        assertThat(timelines).contains("grid-template-columns:repeat(2,");
        // row-major: each row shows tomcat then netty for the same figure
        int tomcatCpu = timelines.indexOf("alt=\"tomcat: CPU utilisation\"");
        int nettyCpu = timelines.indexOf("alt=\"netty: CPU utilisation\"");
        int tomcatMem = timelines.indexOf("alt=\"tomcat: Free memory\"");
        assertThat(tomcatCpu).isPositive().isLessThan(nettyCpu);
        assertThat(nettyCpu).isLessThan(tomcatMem);
    }

    @Test
    void carriesTheTableConditionsAndRatios() throws Exception {
        assertThat(html)
                .contains("<th>TP50/ms</th>")
                .contains("<th>% ceil.</th>")
                .contains("<th>Flags</th>")
                .contains("<td class=\"num\">58000.00</td>")
                .contains("Intel(R) Xeon(R) CPU E5430 @ 2.66GHz")
                .contains("<code>-Xmx1500m</code>")
                .contains("2000 connections: netty/tomcat = 1.81\u00d7")
                .contains("2000 connections need ~4100 descriptors per process");
        assertThat(table).isEqualTo(MarkdownReport.table(ResultsReader.read(runDir)));
        assertThat(table.lines().findFirst().orElseThrow())
                .startsWith("| Run")
                .contains("TP90/ms")
                .contains("Flags");
    }

    @Test
    void anOpenModelRunLabelsItsStepsAsRates(@TempDir Path tmp) throws Exception {
        SampleRun run = SampleRun.copyTo(tmp).editRun(r -> {
            r.put("model", "open");
            r.put("stepUnit", "rps");
        });

        String open = HtmlReport.render(ResultsReader.read(run.dir()), new ReportCharts(List.of(), Map.of()));

        assertThat(open)
                .contains("<th>Rate/s</th>")
                .doesNotContain("<th>Con.</th>")
                .doesNotContain("<th>% ceil.</th>")
                .contains("2000 req/s offered: netty/tomcat = 1.81\u00d7")
                .contains("Aggregate performance against offered rate")
                .contains("Open model: Rate/s is the arrival rate offered");
    }

    @Test
    void linksTheGatlingReportRelatively() {
        assertThat(attributes("href")).containsExactly("raw/netty/gatling/keepalive-700-20261121/index.html");
    }

    @Test
    void reportWithoutSamplesHasOnlyTheAggregateCharts(@TempDir Path tmp) throws Exception {
        SampleRun run = SampleRun.copyTo(tmp).fail("netty", 1300, "proxy exited");
        Files.delete(run.dir().resolve("samples.csv"));

        ReportWriter.write(run.dir());
        String noSamples = Files.readString(run.dir().resolve("report.html"));

        assertThat(Pattern.compile("<img ").matcher(noSamples).results().count())
                .isEqualTo(AGGREGATE_CHARTS);
        assertThat(noSamples)
                .contains("No samples.csv in this run")
                .contains("<tr class=\"failed")
                .contains("failed: proxy exited");
        assertThat(run.dir().resolve("charts/netty")).doesNotExist();
    }
}
