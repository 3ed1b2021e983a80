package io.proxybench.loadtest.history;

import io.proxybench.loadtest.changepoint.ChangePoint;
import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.report.chart.RenderedChart;
import io.proxybench.loadtest.report.chart.TrendCharts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code history.md} (the printed text) and {@code history.html}: per group with a trend, per
 * front end and step, its table and one chart per key figure (each run's median, its spread as a bar,
 * the x axis labelled with the short commit, a dashed line where a new level starts). One file that
 * opens offline: styles inline, charts as data: PNGs, as report.html.
 */
public final class HistoryPage {

    public static final String HISTORY_MD = "history.md";
    public static final String HISTORY_HTML = "history.html";

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;\
            margin:24px;color:#222;max-width:1400px}
            h1{font-size:24px} h2{font-size:20px;margin:28px 0 10px;border-bottom:1px solid #ddd}
            h3{font-size:16px;margin:18px 0 8px} pre{font-size:12px;background:#f7f7f7;padding:8px;overflow-x:auto}
            .grid{display:grid;grid-template-columns:repeat(2,1fr);gap:10px}
            .grid img{width:100%;height:auto;border:1px solid #e4e4e4}
            .note{color:#555;font-size:13px;max-width:1000px} ul.changes li{color:#8a1c1c}
            """;

    private HistoryPage() {}

    /** Writes both files into {@code out} (created); returns their paths, markdown first. */
    public static List<Path> write(Path out, List<GroupHistory> groups, String method, String text) throws IOException {
        Files.createDirectories(out);
        Path md = out.resolve(HISTORY_MD);
        Files.writeString(md, "# History\n\n" + method + "\n\n```\n" + text + "```\n", StandardCharsets.UTF_8);
        Path html = out.resolve(HISTORY_HTML);
        Files.writeString(html, render(groups, method), StandardCharsets.UTF_8);
        return List.of(md, html);
    }

    static String render(List<GroupHistory> groups, String method) {
        StringBuilder h = new StringBuilder(1 << 16);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>proxybench history")
                .append("</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>proxybench history</h1>\n<p class=\"note\">")
                .append(escape(method))
                .append(". Each point is a run's median over its repeats; the bar through it spans the lowest to the"
                        + " highest repeat.</p>\n");
        for (GroupHistory g : groups) {
            h.append("<h2>")
                    .append(escape(HistoryText.heading(g)))
                    .append("</h2>\n<p class=\"note\">")
                    .append(escape(g.group().description()))
                    .append("</p>\n");
            if (!g.trend()) {
                continue;
            }
            List<String> changes = HistoryText.changeLines(g);
            if (!changes.isEmpty()) {
                h.append("<ul class=\"changes\">\n");
                changes.forEach(c -> h.append("<li>").append(escape(c)).append("</li>\n"));
                h.append("</ul>\n");
            }
            Map<String, Integer> colours = new LinkedHashMap<>();
            for (HistorySeries s : g.series()) {
                int colour = colours.computeIfAbsent(s.frontEnd(), k -> colours.size());
                h.append("<h3>")
                        .append(escape(s.frontEnd() + " @ " + s.step()))
                        .append("</h3>\n<pre>")
                        .append(escape(HistoryText.table(s)))
                        .append("</pre>\n<div class=\"grid\">\n");
                for (RenderedChart chart : charts(g, s, colour)) {
                    h.append("<figure><img alt=\"")
                            .append(escape(chart.title()))
                            .append("\" src=\"data:image/png;base64,")
                            .append(Base64.getEncoder().encodeToString(chart.png()))
                            .append("\"></figure>\n");
                }
                h.append("</div>\n");
            }
        }
        return h.append("</body>\n</html>\n").toString();
    }

    private static List<RenderedChart> charts(GroupHistory g, HistorySeries s, int colour) {
        List<RenderedChart> out = new ArrayList<>();
        for (Metric m : HistorySeries.METRICS) {
            List<HistoryEntry> with = s.entriesWith(m);
            if (with.isEmpty()) {
                continue;
            }
            List<TrendCharts.Point> points = with.stream()
                    .map(e -> {
                        HistoryEntry.Figure f = e.figures().get(m);
                        return new TrendCharts.Point(e.commit(), f.median(), f.low(), f.high());
                    })
                    .toList();
            List<Integer> changes =
                    s.changesOf(m).stream().map(ChangePoint::index).toList();
            String title = s.frontEnd() + " @ " + s.step() + ": " + m.label();
            out.add(TrendCharts.render("group-" + g.number() + "/" + title, title, m.label(), points, changes, colour));
        }
        return out;
    }

    private static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
