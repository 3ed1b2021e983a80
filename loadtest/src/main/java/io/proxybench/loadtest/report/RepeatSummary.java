package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The results table of a run made with {@code --repeat N}: one row per (front end, step) holding the
 * median of its repeats, and after each main figure the repeats' spread, {@code 12345 ±3.1%}, where
 * the percentage is the full range (max − min) of the repeats relative to their median. A figure
 * measured by one repeat only has no spread; a run without repeats never comes here.
 */
public final class RepeatSummary {

    private RepeatSummary() {}

    static List<ResultsTable.Row> rows(RunResults results, List<ResultsTable.Column> columns) {
        List<ResultsTable.Row> rows = new ArrayList<>();
        for (RepeatGroups.Group group : RepeatGroups.of(results)) {
            StepRecord median = group.summary();
            List<String> cells = new ArrayList<>(columns.size());
            for (ResultsTable.Column c : columns) {
                String v = c.cell().apply(median);
                if (v == null) {
                    v = FigureFormat.NONE;
                } else if (c.figure() != null && !v.equals(FigureFormat.NONE)) {
                    v += spread(group.spreadPct(c.figure()));
                }
                cells.add(v);
            }
            rows.add(new ResultsTable.Row(median, cells));
        }
        return rows;
    }

    /** {@code " ±3.1%"}, or nothing when there is no spread to show. */
    static String spread(Double pct) {
        return pct == null ? "" : String.format(Locale.ROOT, " \u00b1%.1f%%", pct);
    }

    /** The line that says how to read a repeated run's table; empty for a run without repeats. */
    public static Optional<String> note(RunResults results) {
        if (!RepeatGroups.repeated(results.steps())) {
            return Optional.empty();
        }
        return Optional.of("Each row is the median of " + RepeatGroups.repeats(results.steps()) + " repeats;"
                + " \u00b1 is the repeats' full range (max \u2212 min) as a share of the median.");
    }
}
