package io.proxybench.loadtest.report;

import io.proxybench.loadtest.report.chart.ChartDirectories;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Finds Gatling's own HTML reports under {@code raw/<front end>/gatling/} to link from the report. */
final class GatlingReports {

    /** A Gatling report: its path relative to the run directory and the href to reach it from there. */
    record Link(String frontEnd, String relativePath, String href) {}

    private static final int MAX_DEPTH = 6;

    private GatlingReports() {}

    static List<Link> find(RunResults results) {
        List<Link> links = new ArrayList<>();
        if (results.dir() == null) {
            return links;
        }
        for (String label : results.frontEndLabels()) {
            Set<String> dirNames = new LinkedHashSet<>();
            dirNames.add(label);
            dirNames.add(ChartDirectories.of(List.of(label)).get(label));
            for (String dirName : dirNames) {
                Path gatling = RunFiles.of(results.dir()).raw(dirName).resolve("gatling");
                if (!Files.isDirectory(gatling)) {
                    continue;
                }
                for (Path index : indexFiles(gatling)) {
                    String relative = results.dir().relativize(index).toString().replace('\\', '/');
                    links.add(new Link(label, relative, Html.href(relative)));
                }
            }
        }
        return links;
    }

    private static List<Path> indexFiles(Path dir) {
        try (Stream<Path> walk = Files.walk(dir, MAX_DEPTH)) {
            return walk.filter(p -> p.getFileName().toString().equals("index.html") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
