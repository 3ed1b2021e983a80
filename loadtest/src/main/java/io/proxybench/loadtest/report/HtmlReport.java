package io.proxybench.loadtest.report;

import io.proxybench.loadtest.report.chart.RenderedChart;
import io.proxybench.loadtest.report.chart.ReportCharts;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.results.StepUnit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code report.html}: conditions, the results table, ratios and the charts, in one file
 * that opens offline (styles inline, charts as data: PNGs). The only links are relative ones to
 * Gatling reports and per-step profiles stored in the same run directory.
 */
public final class HtmlReport {

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;\
            margin:24px;color:#222;max-width:1400px}
            h1{font-size:24px;margin:0 0 12px} h2{font-size:20px;margin:28px 0 10px;\
            border-bottom:1px solid #ddd;padding-bottom:4px}
            h3{font-size:16px;margin:18px 0 8px}
            table{border-collapse:collapse;font-size:13px}
            th,td{border:1px solid #ccc;padding:3px 7px} th{background:#f2f2f2}
            table.results td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            table.results tr.failed td{background:#fbe3e3} table.results tr.flagged td{background:#fff6d6}
            table.results tbody tr.step-start td{border-top:2px solid #999}
            table.kv th{text-align:left;white-space:nowrap;vertical-align:top} code{font-size:12px;white-space:nowrap}
            .grid{display:grid;gap:10px;align-items:start}
            .grid figure{margin:0} .grid img{width:100%;height:auto;border:1px solid #e4e4e4}
            .colhead{font-weight:bold;text-align:center;font-size:16px;padding:4px;background:#f2f2f2}
            .missing{color:#888;font-style:italic;padding:20px;text-align:center;border:1px dashed #ccc}
            .note{color:#555;font-size:13px;max-width:1000px} ul.warnings li{color:#8a4b00}
            """;

    private static final String PERCENTILES_NOTE = "Latency of each front end at every percentile of the step's "
            + "requests, 0 % to 99.999 % (the maximum is in the legend). The axis gives each nine the same room "
            + "(0-90 %, 90-99 %, 99-99.9 %, ...), so the tail reads as clearly as the median. "
            + "Built-in generator: exact, from its HdrHistogram log; wrk: its quantiles at the same levels.";

    private HtmlReport() {}

    public static Path write(RunResults results, ReportCharts charts) throws IOException {
        Path file = RunFiles.of(results.dir()).reportHtml();
        Files.writeString(file, render(results, charts), StandardCharsets.UTF_8);
        return file;
    }

    public static String render(RunResults results, ReportCharts charts) {
        RunMetadata run = results.run();
        String title = "proxybench run " + (run.runId() == null ? "(no id)" : run.runId());
        StringBuilder h = new StringBuilder(1 << 20);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(Html.escape(title))
                .append("</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n</head>\n<body>\n");
        h.append("<h1>").append(Html.escape(title)).append("</h1>\n");
        AbSection.appendHtml(results.dir(), h);
        h.append("<h2>Results</h2>\n");
        resultsTable(results, ResultsTable.columns(results), h);
        h.append("<p class=\"note\">")
                .append(Html.escape(ReportNotes.table(results) + HostsNotes.of(results)))
                .append("</p>\n");
        ratios(results, h);
        h.append("<h2>Diagnostics</h2>\n");
        resultsTable(results, ResultsTable.diagnosticColumns(results), h);
        h.append("<p class=\"note\">")
                .append(Html.escape(ReportNotes.diagnostics(results)))
                .append("</p>\n");
        aggregate(run.unit(), charts.aggregate(), h);
        conditions(run, h);
        percentiles(charts.percentiles(), h);
        timelines(results, charts.timelines(), h);
        HostTimelinesSection.append(charts.hostTimelines(), h);
        gatling(GatlingReports.find(results), h);
        ProfileFiles.appendHtml(results, h);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void conditions(RunMetadata run, StringBuilder h) {
        h.append("<h2>Conditions</h2>\n<table class=\"kv\">\n");
        for (RunConditions.Entry e : RunConditions.of(run)) {
            h.append("<tr><th>")
                    .append(Html.escape(e.name()))
                    .append("</th><td>")
                    .append(Html.escape(e.value()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
        if (!run.frontEnds().isEmpty()) {
            h.append("<h3>Front ends</h3>\n<table class=\"kv\">\n<tr><th>Label</th><th>Kind</th><th>Settings</th>"
                    + "<th>JVM arguments</th><th>Resolved at start</th></tr>\n");
            for (RunMetadata.FrontEndInfo fe : run.frontEnds()) {
                h.append("<tr><td>")
                        .append(Html.escape(fe.label()))
                        .append("</td><td>")
                        .append(Html.escape(fe.kind()))
                        .append("</td><td>")
                        .append(keyValueList(fe.settings()))
                        .append("</td><td>")
                        .append(codeList(fe.jvmArgs(), " "))
                        .append("</td><td>")
                        .append(fe.resolved() == null ? "" : keyValueList(fe.resolved()))
                        .append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        if (!run.warnings().isEmpty()) {
            h.append("<h3>Warnings</h3>\n<ul class=\"warnings\">\n");
            run.warnings().forEach(w -> h.append("<li>").append(Html.escape(w)).append("</li>\n"));
            h.append("</ul>\n");
        }
    }

    /** Each item unbreakable, so a JVM flag never wraps at its hyphen; breaks fall between items. */
    private static String keyValueList(Map<String, String> map) {
        return codeList(
                map.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .toList(),
                ", ");
    }

    private static String codeList(List<String> items, String separator) {
        if (items.isEmpty()) {
            return "defaults";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            out.append(i == 0 ? "" : separator)
                    .append("<code>")
                    .append(Html.escape(items.get(i)))
                    .append("</code>");
        }
        return out.toString();
    }

    private static void resultsTable(RunResults results, List<ResultsTable.Column> columns, StringBuilder h) {
        h.append("<table class=\"results\">\n<thead><tr>");
        columns.forEach(c -> h.append("<th>").append(Html.escape(c.header())).append("</th>"));
        h.append("</tr></thead>\n<tbody>\n");
        Integer previousConnections = null;
        for (ResultsTable.Row row : ResultsTable.rows(results, columns)) {
            StepRecord step = row.step();
            StringBuilder classes = new StringBuilder();
            if (!step.ok()) {
                classes.append("failed");
            } else if (!step.flags().isEmpty()) {
                classes.append("flagged");
            }
            if (previousConnections != null && !previousConnections.equals(step.connections())) {
                classes.append(classes.isEmpty() ? "" : " ").append("step-start");
            }
            previousConnections = step.connections();
            h.append(classes.isEmpty() ? "<tr>" : "<tr class=\"" + classes + "\">");
            for (int i = 0; i < columns.size(); i++) {
                h.append(columns.get(i).numeric() ? "<td class=\"num\">" : "<td>")
                        .append(Html.escape(row.cells().get(i)))
                        .append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n");
    }

    private static void ratios(RunResults results, StringBuilder h) {
        h.append("<h2>Ratios</h2>\n");
        List<FrontEndRatios.StepRatios> all = FrontEndRatios.of(results);
        if (all.isEmpty()) {
            h.append("<p>Only one front end in this run: no ratios.</p>\n");
            return;
        }
        h.append("<p class=\"note\">")
                .append(Html.escape(FrontEndRatios.explanation(results)))
                .append("</p>\n<ul>\n");
        for (FrontEndRatios.StepRatios step : all) {
            h.append("<li>")
                    .append(Html.escape(results.run().unit().describe(step.connections())))
                    .append(": ");
            for (int i = 0; i < step.ratios().size(); i++) {
                h.append(i == 0 ? "" : "; ")
                        .append(Html.escape(step.ratios().get(i).text()));
            }
            h.append("</li>\n");
        }
        h.append("</ul>\n");
    }

    private static void aggregate(StepUnit unit, List<RenderedChart> charts, StringBuilder h) {
        h.append("<h2>Aggregate performance against ")
                .append(Html.escape(unit.axisTitle()))
                .append("</h2>\n");
        if (charts.isEmpty()) {
            h.append("<p class=\"missing\">No step figures to chart.</p>\n");
            return;
        }
        h.append("<div class=\"grid\" style=\"grid-template-columns:repeat(2,minmax(0,1fr))\">\n");
        h.append(
                "<div class=\"colhead\">Observed performance</div><div class=\"colhead\">Resource utilisation</div>\n");
        charts.forEach(c -> figure(c, h));
        h.append("</div>\n");
    }

    /** Only for runs with latency spectra, so that an older run's report keeps its sections. */
    private static void percentiles(List<RenderedChart> charts, StringBuilder h) {
        if (charts.isEmpty()) {
            return;
        }
        h.append("<h2>Latency distribution per step</h2>\n<p class=\"note\">")
                .append(Html.escape(PERCENTILES_NOTE))
                .append("</p>\n<div class=\"grid\" style=\"grid-template-columns:repeat(2,minmax(0,1fr))\">\n");
        charts.forEach(c -> figure(c, h));
        h.append("</div>\n");
    }

    private static void timelines(RunResults results, Map<String, List<RenderedChart>> byFrontEnd, StringBuilder h) {
        h.append("<h2>Samples over time</h2>\n");
        if (byFrontEnd.isEmpty()) {
            h.append("<p class=\"missing\">No samples.csv in this run: no time charts.</p>\n");
            return;
        }
        List<String> labels = results.frontEndLabels();
        h.append("<p class=\"note\">One-second samples while each front end was under test; the grey dashed staircase "
                + "is the step, in " + Html.escape(results.run().unit().shortName())
                + " (right axis). Pauses while other front ends ran are cut from the time axis; "
                + "the lines break there.</p>\n");
        h.append("<div class=\"grid\" style=\"grid-template-columns:repeat(")
                .append(labels.size())
                .append(",minmax(0,1fr))\">\n");
        labels.forEach(
                l -> h.append("<div class=\"colhead\">").append(Html.escape(l)).append("</div>"));
        h.append('\n');
        // rows are matched by chart kind, so a front end missing one figure doesn't shift its column
        for (String kind : ReportCharts.TIMELINE_KINDS) {
            if (byFrontEnd.values().stream().noneMatch(charts -> find(charts, kind) != null)) {
                continue;
            }
            for (String label : labels) {
                RenderedChart chart = find(byFrontEnd.getOrDefault(label, List.of()), kind);
                if (chart != null) {
                    figure(chart, h);
                } else {
                    h.append("<div class=\"missing\">not measured</div>\n");
                }
            }
        }
        h.append("</div>\n");
    }

    private static RenderedChart find(List<RenderedChart> charts, String kind) {
        return charts.stream()
                .filter(c -> c.path().endsWith("/" + kind + ".png"))
                .findFirst()
                .orElse(null);
    }

    static void figure(RenderedChart chart, StringBuilder h) {
        h.append("<figure><img alt=\"")
                .append(Html.escape(chart.title()))
                .append("\" title=\"")
                .append(Html.escape(chart.path()))
                .append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(chart.png()))
                .append("\"></figure>\n");
    }

    private static void gatling(List<GatlingReports.Link> links, StringBuilder h) {
        if (links.isEmpty()) {
            return;
        }
        h.append("<h2>Gatling reports</h2>\n<ul>\n");
        for (GatlingReports.Link link : links) {
            h.append("<li>")
                    .append(Html.escape(link.frontEnd()))
                    .append(": <a href=\"")
                    .append(Html.escape(link.href()))
                    .append("\">")
                    .append(Html.escape(link.relativePath()))
                    .append("</a></li>\n");
        }
        h.append("</ul>\n");
    }
}
