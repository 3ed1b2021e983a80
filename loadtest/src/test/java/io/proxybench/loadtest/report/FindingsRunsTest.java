package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The findings convention, checked: every run a document cites is kept in the repository under
 * docs/findings/runs/, and every kept run renders, so that anyone can open every number.
 */
class FindingsRunsTest {

    private static final Path HOME = KitLayout.locate().home();
    private static final Path RUNS = HOME.resolve("docs/findings/runs");
    private static final Pattern RUN_ID = Pattern.compile("(?:results|runs)/(20\\d{6}-\\d{6}-[0-9a-f]{4})\\b");

    @Test
    void everyRunADocumentCitesIsKept() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path doc : documents()) {
            Matcher ids = RUN_ID.matcher(Files.readString(doc));
            while (ids.find()) {
                if (!Files.isRegularFile(RUNS.resolve(ids.group(1)).resolve("run.json"))) {
                    missing.add(HOME.relativize(doc) + " cites " + ids.group(1));
                }
            }
        }
        assertThat(missing)
                .as("runs cited but not under " + HOME.relativize(RUNS))
                .isEmpty();
    }

    @Test
    void everyKeptRunRendersItsTables() throws IOException {
        for (Path run : keptRuns()) {
            RunResults results = ResultsReader.read(run);
            assertThat(results.steps()).as(run.toString()).isNotEmpty();
            assertThat(MarkdownReport.render(results))
                    .as(run.toString())
                    .contains("## Results", "## Diagnostics")
                    .contains(MarkdownReport.table(results));
        }
    }

    private static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(HOME.resolve("README.md")));
        try (Stream<Path> files = Files.walk(HOME.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md") && !f.startsWith(RUNS))
                    .forEach(docs::add);
        }
        return docs;
    }

    private static List<Path> keptRuns() throws IOException {
        if (!Files.isDirectory(RUNS)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(RUNS)) {
            return new ArrayList<>(new TreeSet<>(dirs.filter(Files::isDirectory).toList()));
        }
    }
}
