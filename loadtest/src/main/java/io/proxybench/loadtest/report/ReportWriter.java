package io.proxybench.loadtest.report;

import io.proxybench.loadtest.report.chart.ReportCharts;
import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Path;

/** Regenerates every report file of a run directory from the files the run wrote. */
public final class ReportWriter {

    private ReportWriter() {}

    /**
     * Writes {@code report.md}, {@code report.html} and {@code charts/**.png} into {@code runDir},
     * replacing those of an earlier rendering; the run's own files are only read.
     *
     * @return the results table (Markdown, aligned for a console)
     * @throws ResultsFormatException when the directory is missing or its files cannot be read
     * @throws IOException            when the report files cannot be written
     */
    public static String write(Path runDir) throws IOException {
        return write(ResultsReader.read(runDir));
    }

    /** As {@link #write(Path)}, for results already read. */
    public static String write(RunResults results) throws IOException {
        ReportCharts charts = ReportCharts.render(results);
        charts.writeTo(results.dir());
        MarkdownReport.write(results);
        HtmlReport.write(results, charts);
        return MarkdownReport.table(results);
    }
}
