package io.proxybench.loadtest.report.chart;

import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * All charts of a run: figures against connections, per front end over time, per step the latency
 * by percentile (none for a run without latency spectra), and (hosts topology) per other box over time.
 */
public record ReportCharts(
        List<RenderedChart> aggregate,
        Map<String, List<RenderedChart>> timelines,
        List<RenderedChart> percentiles,
        Map<String, List<RenderedChart>> hostTimelines) {

    /** Charts of a run without latency spectra whose samples are all of the kit's machine. */
    public ReportCharts(List<RenderedChart> aggregate, Map<String, List<RenderedChart>> timelines) {
        this(aggregate, timelines, List.of(), Map.of());
    }

    /** The time charts drawn for each front end, in grid order (file names under charts/&lt;front end&gt;/). */
    public static final List<String> TIMELINE_KINDS = TimelineCharts.KINDS;

    public static ReportCharts render(RunResults results) {
        return new ReportCharts(
                AggregateCharts.render(results),
                TimelineCharts.render(results),
                PercentileCharts.render(results),
                TimelineCharts.renderHosts(results));
    }

    public List<RenderedChart> all() {
        List<RenderedChart> all = new ArrayList<>(aggregate);
        timelines.values().forEach(all::addAll);
        all.addAll(percentiles);
        hostTimelines.values().forEach(all::addAll);
        return all;
    }

    /** Writes every chart under {@code runDir/charts/}, replacing charts of an earlier rendering. */
    public void writeTo(Path runDir) throws IOException {
        for (RenderedChart chart : all()) {
            Path file = runDir.resolve(chart.path());
            Files.createDirectories(file.getParent());
            Files.write(file, chart.png());
        }
    }
}
