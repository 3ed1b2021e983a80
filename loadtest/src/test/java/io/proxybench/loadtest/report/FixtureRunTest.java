package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.cli.ProxybenchMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A run directory written by the kit before its results model was regrouped (netty and tomcat, 10
 * and 20 connections; charts, report.html and logs pruned): {@code report} must still read it and
 * render every figure of the report.md the run itself wrote, in whichever of today's two tables
 * holds that column now.
 */
class FixtureRunTest {

    private static final String RUN = "20261122-215231-9f9c";

    @Test
    void reportRendersARunOfTheEarlierKitToTheSameTableAndReport(@TempDir Path tmp) throws IOException {
        Path dir = copy(tmp.resolve(RUN));
        String written = Files.readString(dir.resolve("report.md"), StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine proxybench = ProxybenchMain.commandLine();
        proxybench.setOut(new PrintWriter(out));
        proxybench.setErr(new PrintWriter(err));

        assertThat(proxybench.execute("report", dir.toString()))
                .as(err.toString())
                .isZero();

        String table = out.toString();
        assertThat(table)
                .startsWith("| Run    | Con. | Rq./s |")
                .contains("| netty  |   10 |   175 |  56.38 |   53.86 |   56.68 |   60.51 | 44.71 |")
                .contains("| tomcat |   20 |   367 |")
                .doesNotContain("JIT");
        String rendered = Files.readString(dir.resolve("report.md"), StandardCharsets.UTF_8);
        assertThat(rendered).contains(table.strip());
        Map<String, Map<String, String>> before = cellsByRowAndColumn(written);
        Map<String, Map<String, String>> after = cellsByRowAndColumn(rendered);
        assertThat(after.keySet()).isEqualTo(before.keySet());
        before.forEach((row, cells) -> assertThat(after.get(row)).as(row).containsAllEntriesOf(cells));
        assertThat(dir.resolve("report.html")).exists();
    }

    /** Every Markdown table's cells, by "front end@step" and column header; tables of one run merged. */
    private static Map<String, Map<String, String>> cellsByRowAndColumn(String markdown) {
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        List<String> header = null;
        for (String line : markdown.lines().toList()) {
            if (!line.startsWith("|")) {
                header = null;
                continue;
            }
            List<String> cells = Arrays.stream(
                            line.substring(1, line.length() - 1).split("\\|"))
                    .map(String::trim)
                    .toList();
            if (header == null) {
                header = cells;
            } else if (!cells.get(0).startsWith(":")) {
                Map<String, String> row = rows.computeIfAbsent(cells.get(0) + "@" + cells.get(1), k -> new HashMap<>());
                for (int i = 2; i < cells.size(); i++) {
                    row.put(header.get(i), cells.get(i));
                }
            }
        }
        return rows;
    }

    private static Path copy(Path target) {
        try {
            Path source = Path.of(FixtureRunTest.class
                            .getResource("/runs/" + RUN + "/run.json")
                            .toURI())
                    .getParent();
            try (Stream<Path> files = Files.walk(source)) {
                for (Path from : files.toList()) {
                    Path to = target.resolve(source.relativize(from).toString());
                    if (Files.isDirectory(from)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(from, to);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
