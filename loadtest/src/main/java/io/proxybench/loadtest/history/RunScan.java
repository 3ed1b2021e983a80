package io.proxybench.loadtest.history;

import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The runs under some directories: each directory is a run directory (it holds run.json) or a
 * directory of run directories ({@code results/}, {@code docs/findings/runs/}), looked into one level
 * deep. What is not a readable run is skipped with one line saying why, so that one foreign or broken
 * directory never costs the history; an earlier history's output directory is passed over silently.
 *
 * @param runs    the runs read, in the order found
 * @param skipped one line per directory left out
 */
public record RunScan(List<RunResults> runs, List<String> skipped) {

    public RunScan {
        runs = List.copyOf(runs);
        skipped = List.copyOf(skipped);
    }

    public static RunScan of(List<Path> dirs) {
        List<RunResults> runs = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                skipped.add(dir + ": not a directory");
            } else if (Files.isRegularFile(dir.resolve(RunFiles.RUN_JSON))) {
                read(dir, runs, skipped);
            } else {
                List<Path> children = children(dir, skipped);
                for (Path child : children) {
                    if (Files.isRegularFile(child.resolve(RunFiles.RUN_JSON))) {
                        read(child, runs, skipped);
                    } else if (!Files.isRegularFile(child.resolve(HistoryPage.HISTORY_MD))) {
                        // (an earlier history's own output, beside the runs, is not worth a line)
                        skipped.add(child + ": no " + RunFiles.RUN_JSON + ", not a run directory");
                    }
                }
            }
        }
        return new RunScan(runs, skipped);
    }

    private static List<Path> children(Path dir, List<String> skipped) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            skipped.add(dir + ": cannot list: " + e.getMessage());
            return List.of();
        }
    }

    private static void read(Path dir, List<RunResults> runs, List<String> skipped) {
        try {
            RunResults run = ResultsReader.read(dir);
            if (run.steps().isEmpty()) {
                skipped.add(dir + ": no steps measured");
            } else {
                runs.add(run);
            }
        } catch (ResultsFormatException e) {
            skipped.add(dir + ": " + e.getMessage());
        }
    }
}
