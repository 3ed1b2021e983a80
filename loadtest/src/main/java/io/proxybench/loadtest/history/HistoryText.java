package io.proxybench.loadtest.history;

import io.proxybench.loadtest.changepoint.ChangePoint;
import io.proxybench.loadtest.changepoint.ChangePointDetector;
import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.report.FigureFormat;
import io.proxybench.loadtest.report.MarkdownTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The history as text: per group a line on its plan, per front end and step one table line per run
 * (time, run, build, each figure's median ± spread, the figures that moved there, the flags the run's
 * repeats raised), then the change points. The same text is printed
 * and is the body of history.md.
 */
public final class HistoryText {

    private HistoryText() {}

    /** How change points were found, in one line. */
    public static String method(double alpha, double minChangePct) {
        return String.format(
                Locale.ROOT,
                "change points: E-divisive means, permutation test (%d shuffles, fixed seed) at alpha %s,"
                        + " at least %s%% apart and %d runs on each side",
                ChangePointDetector.DEFAULT_PERMUTATIONS,
                plain(alpha),
                plain(minChangePct),
                ChangePointDetector.MIN_SEGMENT);
    }

    /** Every group: a trend table for those of two runs or more, one line for the others. */
    public static String render(List<GroupHistory> groups) {
        StringBuilder out = new StringBuilder();
        for (GroupHistory g : groups) {
            out.append(heading(g)).append('\n');
            out.append("  ").append(g.group().description()).append('\n');
            if (!g.trend()) {
                out.append('\n');
                continue;
            }
            for (HistorySeries s : g.series()) {
                out.append('\n')
                        .append(s.frontEnd())
                        .append(" @ ")
                        .append(s.step())
                        .append('\n');
                out.append(table(s));
            }
            List<String> changes = changeLines(g);
            out.append('\n')
                    .append(changes.isEmpty() ? "no change points" : "change points:")
                    .append('\n');
            changes.forEach(c -> out.append("  ").append(c).append('\n'));
            out.append('\n');
        }
        return out.toString();
    }

    static String heading(GroupHistory g) {
        int runs = g.group().runs().size();
        if (runs == 1) {
            return "group " + g.number() + ": 1 run ("
                    + g.group().runs().get(0).dir().getFileName() + ", "
                    + g.group().firstStart() + "), nothing to compare it with";
        }
        return "group " + g.number() + ": " + runs + " runs, " + g.group().firstStart() + " .. "
                + g.group().lastStart();
    }

    /** One line per entry; the last column names the figures that reached a new level at that entry. */
    static String table(HistorySeries s) {
        List<String> headers = new ArrayList<>(List.of("time", "run", "build"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, false));
        for (Metric m : HistorySeries.METRICS) {
            headers.add(m.label());
            numeric.add(true);
        }
        headers.addAll(List.of("moved", "flags"));
        numeric.addAll(List.of(false, false));
        List<List<String>> rows = new ArrayList<>();
        for (HistoryEntry e : s.entries()) {
            List<String> row = new ArrayList<>(List.of(e.time(), e.runId(), e.build()));
            for (Metric m : HistorySeries.METRICS) {
                row.add(cell(e.figures().get(m), m));
            }
            row.add(moved(s, e));
            row.add(e.flags());
            rows.add(row);
        }
        return MarkdownTable.render(headers, numeric, rows);
    }

    /** {@code 61.5 ±4.0%}: the median and the spread of the repeats; the median alone for one repeat. */
    static String cell(HistoryEntry.Figure figure, Metric metric) {
        if (figure == null) {
            return FigureFormat.NONE;
        }
        String median = FigureFormat.decimals(figure.median(), metric.decimals());
        return figure.high() > figure.low()
                ? median + String.format(Locale.ROOT, " \u00b1%.1f%%", figure.spreadPct())
                : median;
    }

    private static String moved(HistorySeries s, HistoryEntry e) {
        List<String> moved = new ArrayList<>();
        for (Metric m : HistorySeries.METRICS) {
            List<HistoryEntry> with = s.entriesWith(m);
            for (ChangePoint c : s.changesOf(m)) {
                if (with.get(c.index()) == e) {
                    moved.add(m.label() + " " + FigureFormat.signedPercent(c.changePct()));
                }
            }
        }
        return String.join(", ", moved);
    }

    /** One line per change point of the group: figure, front end, step, where, before → after. */
    public static List<String> changeLines(GroupHistory g) {
        List<String> lines = new ArrayList<>();
        for (HistorySeries s : g.series()) {
            for (Metric m : HistorySeries.METRICS) {
                List<HistoryEntry> with = s.entriesWith(m);
                for (ChangePoint c : s.changesOf(m)) {
                    lines.add(changeLine(s, m, c, with.get(c.index())));
                }
            }
        }
        return Collections.unmodifiableList(lines);
    }

    static String changeLine(HistorySeries s, Metric m, ChangePoint c, HistoryEntry at) {
        String where = at.revision() == null
                ? at.commit() + " (run " + at.runId() + ")"
                : at.commit() + " (" + (at.label().contains("@") ? at.label() : atRevision(s.frontEnd(), at.revision()))
                        + ", run " + at.runId() + ")";
        return String.format(
                Locale.ROOT,
                "%s %s @ %d: %s at %s: %s \u2192 %s (p=%.3f)",
                m.label(),
                s.frontEnd(),
                s.step(),
                FigureFormat.signedPercent(c.changePct()),
                where,
                FigureFormat.decimals(c.before(), m.decimals()),
                FigureFormat.decimals(c.after(), m.decimals()),
                c.pValue());
    }

    /** {@code tomcat[threads=virtual]} at {@code HEAD~2} as {@code tomcat@HEAD~2[threads=virtual]}. */
    private static String atRevision(String frontEnd, String revision) {
        int bracket = frontEnd.indexOf('[');
        return bracket < 0
                ? frontEnd + "@" + revision
                : frontEnd.substring(0, bracket) + "@" + revision + frontEnd.substring(bracket);
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
