package io.proxybench.loadtest.report;

import io.proxybench.loadtest.report.chart.RenderedChart;
import java.util.List;
import java.util.Map;

/** report.html's "Samples per host" section: each other box's timelines, one column per box. */
final class HostTimelinesSection {

    private HostTimelinesSection() {}

    /** Nothing for a run without other boxes, so such a report reads exactly as before. */
    static void append(Map<String, List<RenderedChart>> byHost, StringBuilder h) {
        if (byHost.isEmpty()) {
            return;
        }
        h.append("<h2>Samples per host</h2>\n");
        h.append("<p class=\"note\">One-second samples of each box of the hosts file, read there over one ssh"
                + " session: its CPU, memory, network interface (the box's proxy's, else its first role's), run"
                + " queue and context switches; the CPU, memory and threads of the roles it runs are in"
                + " samples.csv. The results table's machine columns are the kit's own machine.</p>\n");
        h.append("<div class=\"grid\" style=\"grid-template-columns:repeat(")
                .append(byHost.size())
                .append(",minmax(0,1fr))\">\n");
        byHost.keySet()
                .forEach(host -> h.append("<div class=\"colhead\">")
                        .append(Html.escape(host))
                        .append("</div>"));
        h.append('\n');
        int rows = byHost.values().stream().mapToInt(List::size).max().orElse(0);
        for (int row = 0; row < rows; row++) {
            for (List<RenderedChart> charts : byHost.values()) {
                if (row < charts.size()) {
                    HtmlReport.figure(charts.get(row), h);
                } else {
                    h.append("<div class=\"missing\">not measured</div>\n");
                }
            }
        }
        h.append("</div>\n");
    }
}
