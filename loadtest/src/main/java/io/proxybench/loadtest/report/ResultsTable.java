package io.proxybench.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The reference write-up's results table (its eleven columns, in its order) followed by the
 * figures it lacked: TP99, errors, proxy CPU per request, GC time, share of the Little's-law
 * ceiling (closed model only), and flags. Markdown, console and HTML all render these same cells.
 */
public final class ResultsTable {

    /** A column: header text, whether it holds numbers (right-aligned), and how a cell is made. */
    public record Column(String header, boolean numeric, Function<StepResult, String> cell) {
    }

    /** One table row with the step it came from (to style failed or flagged rows). */
    public record Row(StepResult step, List<String> cells) {
    }

    private static final Column CEILING = new Column("% ceil.", true, s -> FigureFormat.decimals(s.pctOfCeiling(), 1));

    private ResultsTable() {
    }

    /**
     * The columns for steps counted in {@code unit}: the step column says what it counts, and an
     * open-model run (steps are offered rates) has no ceiling column.
     */
    public static List<Column> columns(StepUnit unit) {
        List<Column> columns = new ArrayList<>(List.of(
                new Column("Run", false, StepResult::frontEnd),
                new Column(unit.header(), true, s -> FigureFormat.integer(s.connections())),
                new Column("Rq./s", true, s -> FigureFormat.decimals(s.rps(), 0)),
                new Column("Av./ms", true, s -> FigureFormat.decimals(s.latency().meanMs(), 2)),
                new Column("TP50/ms", true, s -> FigureFormat.decimals(s.latency().p50Ms(), 2)),
                new Column("TP75/ms", true, s -> FigureFormat.decimals(s.latency().p75Ms(), 2)),
                new Column("TP90/ms", true, s -> FigureFormat.decimals(s.latency().p90Ms(), 2)),
                new Column("CPU/%", true, s -> FigureFormat.decimals(s.cpuPct(), 2)),
                new Column("LdAvg", true, s -> FigureFormat.decimals(s.loadAvg(), 2)),
                new Column("Ctx Sw.", true, s -> FigureFormat.decimals(s.ctxSwPerSec(), 2)),
                new Column("Mbps", true, s -> FigureFormat.decimals(s.netMbps(), 2)),
                new Column("TP99/ms", true, s -> FigureFormat.decimals(s.latency().p99Ms(), 2)),
                new Column("Errors", true, s -> FigureFormat.integer(s.errors() == null ? null : s.errors().total())),
                new Column("\u00b5s/req", true, s -> FigureFormat.decimals(s.proxyCpuUsPerReq(), 1)),
                new Column("GC ms/s", true, s -> FigureFormat.decimals(s.gcMsPerSec(), 2))));
        if (unit.hasCeiling()) {
            columns.add(CEILING);
        }
        columns.add(new Column("Flags", false, ResultsTable::flags));
        return List.copyOf(columns);
    }

    /** The columns of this run's table. */
    public static List<Column> columns(RunResults results) {
        return columns(results.run().unit());
    }

    public static List<String> headers(RunResults results) {
        return columns(results).stream().map(Column::header).toList();
    }

    /** Rows in reference order: by connections, front ends interleaved per step. */
    public static List<Row> rows(RunResults results) {
        List<Column> columns = columns(results);
        List<Row> rows = new ArrayList<>();
        for (StepResult step : results.stepsInTableOrder()) {
            List<String> cells = new ArrayList<>(columns.size());
            for (Column c : columns) {
                String v = c.cell().apply(step);
                cells.add(v == null ? FigureFormat.NONE : v);
            }
            rows.add(new Row(step, cells));
        }
        return rows;
    }

    /** The step's flags, plus {@code failed: reason} for a failed step; empty when clean. */
    static String flags(StepResult step) {
        List<String> parts = new ArrayList<>(step.flags());
        if (!step.ok()) {
            String reason = step.failure() == null || step.failure().isBlank() ? "no reason recorded" : step.failure();
            parts.add("failed: " + reason.replaceAll("\\s+", " ").trim());
        }
        return String.join(", ", parts);
    }
}
