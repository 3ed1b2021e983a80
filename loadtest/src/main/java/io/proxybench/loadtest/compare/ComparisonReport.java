package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.report.FigureFormat;
import io.proxybench.loadtest.report.MarkdownTable;
import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The comparison as text: a table of % changes per step (a {@code !} marks a change the wrong way
 * beyond the threshold), the regressions spelled out with both values, and a verdict line. Runs with
 * repeats add how the noise was tested, a {@code ~} for a change beyond the threshold that the
 * repeats cannot tell from noise, the spread of each side's repeats, and the p of every change named.
 */
public final class ComparisonReport {

    private ComparisonReport() {}

    public static String render(RunComparison cmp) {
        boolean repeated = cmp.repeated();
        StringBuilder out = new StringBuilder();
        out.append("baseline:  ").append(describe(cmp.baseline())).append('\n');
        out.append("candidate: ").append(describe(cmp.candidate())).append('\n');
        String threshold = String.format(Locale.ROOT, "%.1f%%", cmp.thresholdPct());
        out.append("threshold: ")
                .append(threshold)
                .append(
                        repeated
                                ? " (fails on a significant req/s drop or TP90 rise beyond it,"
                                        + " or a step that newly failed)\n"
                                : " (fails on a req/s drop or a TP90 rise beyond it, or a step that newly failed)\n");
        if (repeated) {
            out.append("noise:     two-sided Mann\u2013Whitney U test of each figure's repeats, baseline against"
                    + " candidate; a change counts when p \u2264 alpha and the medians differ beyond the threshold\n");
            cmp.repeatCounts()
                    .forEach(n -> out.append("           ")
                            .append(cmp.rule().explain(n.get(0), n.get(1)))
                            .append('\n'));
        } else {
            out.append("noise:     unknown (one run of each step on each side): judged by the threshold alone;"
                    + " run --repeat 3 or more to test changes against the noise\n");
        }
        if (!cmp.pairedByKind().isEmpty()) {
            out.append("paired by kind (the only front end of its kind the other run lacks): ")
                    .append(String.join(", ", cmp.pairedByKind()))
                    .append('\n');
        }
        if (!cmp.conditionDifferences().isEmpty()) {
            out.append("\nconditions differ (numbers may not be comparable):\n");
            cmp.conditionDifferences().forEach(d -> out.append("  ").append(d).append('\n'));
        }
        out.append(
                repeated
                        ? "\nchange of the medians, candidate vs baseline, %"
                                + " (! = worse beyond threshold and significant,"
                                + " ~ = beyond threshold but within the noise)\n\n"
                        : "\nchange candidate vs baseline, % (! = worse beyond threshold)\n\n");
        out.append(table(cmp, ComparisonReport::changeCell));
        if (cmp.steps().stream().anyMatch(StepComparison::flagged)) {
            out.append("\nNote names the flags a step raised on either side, with the repeats they fell on (a CPU"
                    + " stolen by the hypervisor, a JIT still compiling, a load that was not steady):"
                    + " a change at such a step may be the flag's, not the code's\n");
        }
        if (repeated) {
            out.append("\nspread of the repeats, (max \u2212 min) / median, %: baseline / candidate\n\n");
            out.append(table(cmp, c -> spread(c.baselineSpreadPct()) + " / " + spread(c.candidateSpreadPct())));
        }
        if (!cmp.onlyInBaseline().isEmpty()) {
            out.append("\nonly in baseline:  ")
                    .append(String.join(", ", cmp.onlyInBaseline()))
                    .append('\n');
        }
        if (!cmp.onlyInCandidate().isEmpty()) {
            out.append("\nonly in candidate: ")
                    .append(String.join(", ", cmp.onlyInCandidate()))
                    .append('\n');
        }
        String distribution = LatencyDistributionComparison.of(cmp).render();
        if (!distribution.isEmpty()) {
            out.append('\n').append(distribution);
        }
        List<String> regressions = lines(cmp, MetricChange::regression, true);
        if (!regressions.isEmpty()) {
            out.append("\nworse beyond ").append(threshold).append(repeated ? " and significant:\n" : ":\n");
            regressions.forEach(r -> out.append("  ").append(r).append('\n'));
        }
        if (repeated) {
            List<String> improvements = lines(cmp, MetricChange::improvement, false);
            if (!improvements.isEmpty()) {
                out.append("\nbetter beyond ").append(threshold).append(" and significant:\n");
                improvements.forEach(r -> out.append("  ").append(r).append('\n'));
            }
            List<String> noise = lines(cmp, MetricChange::withinNoise, false);
            if (!noise.isEmpty()) {
                out.append("\nbeyond ").append(threshold).append(" but within the noise (not significant):\n");
                noise.forEach(r -> out.append("  ").append(r).append('\n'));
            }
        }
        String significant = repeated ? " significant" : "";
        out.append('\n')
                .append(
                        cmp.regressed()
                                ? "REGRESSION:" + significant + " req/s or TP90 moved the wrong way beyond " + threshold
                                        + ", or a step newly failed"
                                : "OK: no" + significant + " req/s drop or TP90 rise beyond " + threshold)
                .append('\n');
        return out.toString();
    }

    private static String changeCell(MetricChange c) {
        String mark = c.regression() ? " !" : c.withinNoise() ? " ~" : "";
        return FigureFormat.signedPercent(c.percent()) + mark;
    }

    private static String spread(Double pct) {
        return pct == null ? FigureFormat.NONE : String.format(Locale.ROOT, "%.1f", pct);
    }

    static String table(RunComparison cmp, Function<MetricChange, String> cell) {
        List<String> headers = new ArrayList<>(List.of("Run", "Con."));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true));
        for (Metric m : Metric.COMPARED) {
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
            for (Metric m : Metric.COMPARED) {
                MetricChange c = step.change(m);
                row.add(c == null ? "" : cell.apply(c));
            }
            row.add(step.note() == null ? "" : step.note());
            rows.add(row);
        }
        return MarkdownTable.render(headers, numeric, rows);
    }

    /** One line per change that {@code which} picks (and per newly failed step when {@code failures}). */
    private static List<String> lines(
            RunComparison cmp, java.util.function.Predicate<MetricChange> which, boolean failures) {
        List<String> out = new ArrayList<>();
        for (StepComparison step : cmp.steps()) {
            if (failures && step.failed()) {
                out.add(step.key() + ": " + step.note() + "  [fails]");
            }
            for (MetricChange c : step.changes()) {
                if (which.test(c)) {
                    out.add(line(step, c));
                }
            }
        }
        return out;
    }

    private static String line(StepComparison step, MetricChange c) {
        int decimals = c.metric().decimals();
        String p = c.tested() ? String.format(Locale.ROOT, ", p=%.3f", c.pValue()) : "";
        return String.format(
                Locale.ROOT,
                "%s: %s %s%s \u2192 %s%s (%s%s)%s",
                step.key(),
                c.metric().label(),
                FigureFormat.decimals(c.baseline(), decimals),
                plusMinus(c.baselineSpreadPct()),
                FigureFormat.decimals(c.candidate(), decimals),
                plusMinus(c.candidateSpreadPct()),
                FigureFormat.signedPercent(c.percent()),
                p,
                c.gatingRegression() ? "  [fails]" : "");
    }

    private static String plusMinus(Double spreadPct) {
        return spreadPct == null ? "" : String.format(Locale.ROOT, " \u00b1%.1f%%", spreadPct);
    }

    private static String describe(RunResults results) {
        RunMetadata run = results.run();
        String dir = results.dir().toString();
        List<String> parts = new ArrayList<>();
        if (run.gitRevision() != null) {
            parts.add(run.gitRevision());
        }
        if (run.startedAt() != null) {
            parts.add(run.startedAt());
        }
        if (run.workload().generator() != null) {
            parts.add(run.workload().generator()
                    + (run.workload().mode() == null ? "" : " " + run.workload().mode()));
        }
        int repeats = RepeatGroups.repeats(results.steps());
        if (repeats > 1) {
            parts.add(repeats + " repeats");
        }
        String id = run.runId() == null ? dir : run.runId();
        return parts.isEmpty() ? id : id + " (" + String.join(", ", parts) + ")";
    }
}
