package io.proxybench.loadtest.report;

import io.proxybench.loadtest.report.chart.ChartDirectories;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The per-step profiles of {@code run --profile} under {@code raw/<front end>/}: {@code <step>-cpu.html},
 * {@code <step>-alloc.html} and {@code <step>-lock.html} (async-profiler flame graphs), {@code <step>.jfr}
 * (Flight Recorder), and {@code <step>-pinned.txt} (the stack whose virtual threads pinned their carrier
 * longest), listed in report.html as relative links, one line per step.
 */
final class ProfileFiles {

    private static final Pattern FILE =
            Pattern.compile("(\\d+)(-cpu\\.html|-alloc\\.html|\\.jfr|-lock\\.html|-pinned\\.txt)");
    /** The link texts, in the order a line shows them. */
    private static final Map<String, String> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put("-cpu.html", "CPU flame graph");
        KINDS.put("-alloc.html", "allocation flame graph");
        KINDS.put("-lock.html", "lock flame graph");
        KINDS.put(".jfr", "JFR recording");
        KINDS.put("-pinned.txt", "longest-pinning stack");
    }

    /** One front end's step with its files: link text to href. */
    record Step(String frontEnd, int step, Map<String, String> links) {}

    private ProfileFiles() {}

    static List<Step> find(RunResults results) {
        List<Step> steps = new ArrayList<>();
        if (results.dir() == null) {
            return steps;
        }
        for (String label : results.frontEndLabels()) {
            Set<String> dirNames = new LinkedHashSet<>(
                    List.of(label, ChartDirectories.of(List.of(label)).get(label)));
            Map<Integer, Map<String, String>> byStep = new TreeMap<>();
            for (String dirName : dirNames) {
                Path raw = RunFiles.of(results.dir()).raw(dirName);
                for (Path file : files(raw)) {
                    Matcher m = FILE.matcher(file.getFileName().toString());
                    if (m.matches()) {
                        String relative =
                                results.dir().relativize(file).toString().replace('\\', '/');
                        byStep.computeIfAbsent(Integer.parseInt(m.group(1)), s -> new TreeMap<>())
                                .put(m.group(2), Html.href(relative));
                    }
                }
            }
            byStep.forEach((step, files) -> {
                Map<String, String> links = new LinkedHashMap<>();
                KINDS.forEach((suffix, text) -> {
                    if (files.containsKey(suffix)) {
                        links.put(text, files.get(suffix));
                    }
                });
                steps.add(new Step(label, step, links));
            });
        }
        return steps;
    }

    /** The "Profiles" section of report.html; nothing for a run without profiles. */
    static void appendHtml(RunResults results, StringBuilder h) {
        List<Step> steps = find(results);
        if (steps.isEmpty()) {
            return;
        }
        h.append("<h2>Profiles</h2>\n"
                + "<p class=\"note\">Recorded during each step's load only, not the warm-up.</p>\n<ul>\n");
        for (Step step : steps) {
            h.append("<li>")
                    .append(Html.escape(step.frontEnd()))
                    .append(", ")
                    .append(Html.escape(results.run().unit().describe(step.step())))
                    .append(": ");
            int i = 0;
            for (Map.Entry<String, String> link : step.links().entrySet()) {
                h.append(i++ == 0 ? "" : ", ")
                        .append("<a href=\"")
                        .append(Html.escape(link.getValue()))
                        .append("\">")
                        .append(Html.escape(link.getKey()))
                        .append("</a>");
            }
            h.append("</li>\n");
        }
        h.append("</ul>\n");
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
