package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.report.FigureFormat;
import io.proxybench.loadtest.report.MarkdownTable;
import io.proxybench.loadtest.results.RunMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as text: a table of % changes per step (a {@code !} marks a change the wrong
 * way beyond the threshold), the regressions spelled out with both values, and a verdict line.
 */
public final class ComparisonReport {

    private ComparisonReport() {
    }

    public static String render(RunComparison cmp) {
        StringBuilder out = new StringBuilder();
        out.append("baseline:  ").append(describe(cmp.baseline().run(), cmp.baseline().dir().toString())).append('\n');
        out.append("candidate: ").append(describe(cmp.candidate().run(), cmp.candidate().dir().toString())).append('\n');
        String threshold = String.format(Locale.ROOT, "%.1f%%", cmp.thresholdPct());
        out.append("threshold: ").append(threshold)
                .append(" (fails on a req/s drop or a TP90 rise beyond it, or a step that newly failed)\n");
        if (!cmp.conditionDifferences().isEmpty()) {
            out.append("\nconditions differ (numbers may not be comparable):\n");
            cmp.conditionDifferences().forEach(d -> out.append("  ").append(d).append('\n'));
        }
        out.append("\nchange candidate vs baseline, % (! = worse beyond threshold)\n\n");
        out.append(table(cmp));
        if (!cmp.onlyInBaseline().isEmpty()) {
            out.append("\nonly in baseline:  ").append(String.join(", ", cmp.onlyInBaseline())).append('\n');
        }
        if (!cmp.onlyInCandidate().isEmpty()) {
            out.append("\nonly in candidate: ").append(String.join(", ", cmp.onlyInCandidate())).append('\n');
        }
        String distribution = LatencyDistributionComparison.of(cmp).render();
        if (!distribution.isEmpty()) {
            out.append('\n').append(distribution);
        }
        List<String> regressions = regressions(cmp);
        if (!regressions.isEmpty()) {
            out.append("\nworse beyond ").append(threshold).append(":\n");
            regressions.forEach(r -> out.append("  ").append(r).append('\n'));
        }
        out.append('\n').append(cmp.regressed()
                ? "REGRESSION: req/s or TP90 moved the wrong way beyond " + threshold + ", or a step newly failed"
                : "OK: no req/s drop or TP90 rise beyond " + threshold).append('\n');
        return out.toString();
    }

    static String table(RunComparison cmp) {
        List<String> headers = new ArrayList<>(List.of("Run", "Con."));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true));
        for (Metric m : Metric.values()) {
            headers.add(m.label());
            numeric.add(true);
        }
        headers.add("Note");
        numeric.add(false);
        List<List<String>> rows = new ArrayList<>();
        for (StepComparison step : cmp.steps()) {
            List<String> row = new ArrayList<>();
            row.add(step.frontEnd());
            row.add(Integer.toString(step.connections()));
            for (Metric m : Metric.values()) {
                MetricChange c = step.change(m);
                row.add(c == null ? "" : FigureFormat.signedPercent(c.percent()) + (c.regression() ? " !" : ""));
            }
            row.add(step.note() == null ? "" : step.note());
            rows.add(row);
        }
        return MarkdownTable.render(headers, numeric, rows);
    }

    private static List<String> regressions(RunComparison cmp) {
        List<String> out = new ArrayList<>();
        for (StepComparison step : cmp.steps()) {
            if (step.failed()) {
                out.add(step.key() + ": " + step.note() + "  [fails]");
            }
            for (MetricChange c : step.changes()) {
                if (c.regression()) {
                    out.add(String.format(Locale.ROOT, "%s: %s %s \u2192 %s (%s)%s", step.key(), c.metric().label(),
                            FigureFormat.decimals(c.baseline(), c.metric().decimals()),
                            FigureFormat.decimals(c.candidate(), c.metric().decimals()),
                            FigureFormat.signedPercent(c.percent()), c.gatingRegression() ? "  [fails]" : ""));
                }
            }
        }
        return out;
    }

    private static String describe(RunMetadata run, String dir) {
        List<String> parts = new ArrayList<>();
        if (run.gitRevision() != null) {
            parts.add(run.gitRevision());
        }
        if (run.startedAt() != null) {
            parts.add(run.startedAt());
        }
        if (run.workload().generator() != null) {
            parts.add(run.workload().generator() + (run.workload().mode() == null ? "" : " " + run.workload().mode()));
        }
        String id = run.runId() == null ? dir : run.runId();
        return parts.isEmpty() ? id : id + " (" + String.join(", ", parts) + ")";
    }
}
