package io.proxybench.loadtest.report.chart;

import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * All charts of a run: figures against connections, per front end over time, and per step the latency
 * by percentile (none for a run without latency spectra).
 */
public record ReportCharts(List<RenderedChart> aggregate, Map<String, List<RenderedChart>> timelines,
        List<RenderedChart> percentiles) {

    /** Charts of a run without latency spectra. */
    public ReportCharts(List<RenderedChart> aggregate, Map<String, List<RenderedChart>> timelines) {
        this(aggregate, timelines, List.of());
    }

    /** The time charts drawn for each front end, in grid order (file names under charts/&lt;front end&gt;/). */
    public static final List<String> TIMELINE_KINDS = TimelineCharts.KINDS;

    public static ReportCharts render(RunResults results) {
        return new ReportCharts(AggregateCharts.render(results), TimelineCharts.render(results),
                PercentileCharts.render(results));
    }

    public List<RenderedChart> all() {
        List<RenderedChart> all = new ArrayList<>(aggregate);
        timelines.values().forEach(all::addAll);
        all.addAll(percentiles);
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
