package io.proxybench.gatling.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a report Gatling 3.15.1 wrote for a fixed-rate run (warm-up at 40/s, steps of 40/s and 60/s)
 * against an origin answering 10% with 500, resetting 5% and never answering 5% (1 s timeout).
 */
class GatlingHtmlReportTest {

    @TempDir
    Path tmp;

    @Test
    void readsEveryRequestRowWithItsCountsAndTimes() throws Exception {
        GatlingHtmlReport report = GatlingHtmlReport.read(fixture());

        assertThat(report.requests()).extracting(RequestStats::name).containsExactly("warmup", "step-40", "step-60");
        RequestStats step40 = report.requests().get(1);
        assertThat(step40.total()).isEqualTo(80);
        assertThat(step40.succeeded()).isEqualTo(71);
        assertThat(step40.failed()).isEqualTo(9);
        assertThat(step40.latency()).isEqualTo(new Latency(51, 102, 52, 53, 55, 1000, 1000, 206));
        assertThat(step40.page()).isEqualTo("req_step-40--1893620451.html");
    }

    @Test
    void readsTheSuccessfulRequestsTimesAndTheFailuresFromTheRequestPage() throws Exception {
        GatlingHtmlReport report = GatlingHtmlReport.read(fixture());

        RequestPage page = report.page(report.requests().get(1));

        assertThat(page.okLatency()).isEqualTo(new Latency(51, 54, 52, 53, 53, 105, 105, 9));
        assertThat(page.errors())
                .containsExactly(
                        new ErrorCount("status.find.is(200), found 500", 4),
                        new ErrorCount("Request timeout to 127.0.0.1/127.0.0.1:38933 after 1000 ms", 4),
                        new ErrorCount("i.g.h.c.i.PrematureCloseException: Premature close", 1));
        assertThat(page.errors())
                .extracting(ErrorCount::kind)
                .containsExactly(ErrorKind.STATUS, ErrorKind.TIMEOUT, ErrorKind.READ);
    }

    @Test
    void failuresTheErrorsTableDoesNotNameAreKeptAsUnlisted() throws Exception {
        Path dir = copyOfFixture();
        Path page = dir.resolve("req_step-40--1893620451.html");
        String html = Files.readString(page, StandardCharsets.UTF_8);
        // drop the premature-close line: the statistics still count 9 failures
        int at = html.indexOf("i.g.h.c.i.PrematureCloseException");
        int rowStart = html.lastIndexOf("<tr>", at);
        int rowEnd = html.indexOf("</tr>", at) + "</tr>".length();
        Files.writeString(page, html.substring(0, rowStart) + html.substring(rowEnd), StandardCharsets.UTF_8);

        GatlingHtmlReport report = GatlingHtmlReport.read(dir);
        List<ErrorCount> errors = report.page(report.requests().get(1)).errors();

        assertThat(errors).last().isEqualTo(new ErrorCount(GatlingHtmlReport.UNLISTED, 1));
        assertThat(errors.stream().mapToLong(ErrorCount::count).sum()).isEqualTo(9);
    }

    @Test
    void otherPercentileSettingsAreRefusedWithTheReason() throws Exception {
        Path dir = copyOfFixture();
        Path index = dir.resolve("index.html");
        Files.writeString(index, Files.readString(index).replace("90th pct", "95th pct"));

        assertThatThrownBy(() -> GatlingHtmlReport.read(dir))
                .isInstanceOf(ReportFormatException.class)
                .hasMessageContaining("no '90th pct' column")
                .hasMessageContaining("50, 75, 90, 99");
    }

    @Test
    void aPageThatIsNotAGatlingReportIsRefused() throws Exception {
        Files.writeString(tmp.resolve("index.html"), "<html><body>hello</body></html>");

        assertThatThrownBy(() -> GatlingHtmlReport.read(tmp))
                .isInstanceOf(ReportFormatException.class)
                .hasMessageContaining("container_statistics_head");
    }

    @Test
    void unescapesHtmlEntitiesInMessages() {
        assertThat(GatlingHtmlReport.unescape("a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;"))
                .isEqualTo("a < b && c > \"d\" 'e'");
    }

    private Path copyOfFixture() throws Exception {
        Path dir = tmp.resolve("report");
        Files.createDirectories(dir);
        try (var files = Files.list(fixture())) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir;
    }

    static Path fixture() throws URISyntaxException {
        return Path.of(GatlingHtmlReportTest.class
                        .getResource("/report-3.15.1/index.html")
                        .toURI())
                .getParent();
    }
}
