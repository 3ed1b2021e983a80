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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A run directory written by the kit before its results model was regrouped (netty and tomcat, 10
 * and 20 connections; charts, report.html and logs pruned): {@code report} must still read it and
 * render the very report.md the run itself wrote.
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
        assertThat(written).contains(table);
        assertThat(Files.readString(dir.resolve("report.md"), StandardCharsets.UTF_8))
                .isEqualTo(written);
        assertThat(dir.resolve("report.html")).exists();
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
