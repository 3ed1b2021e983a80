package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.results.StepUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The report's two tables. The main one is the reference write-up's (its eleven columns, in its
 * order) followed by what a reader needs first: TP99, errors, proxy CPU per request and the flags.
 * The diagnostics table holds the figures that explain a row: steal, run queue, the kernel's part of
 * the CPU per request, GC and JIT time, the share of the Little's-law ceiling. Markdown, console and
 * HTML all render these same cells.
 */
public final class ResultsTable {

    /**
     * A column: header text, whether it holds numbers (right-aligned), and how a cell is made; for a
     * main figure also the figure itself, whose spread over the repeats a repeated run shows.
     */
    public record Column(
            String header, boolean numeric, Function<StepRecord, String> cell, Function<StepRecord, Double> figure) {

        public Column(String header, boolean numeric, Function<StepRecord, String> cell) {
            this(header, numeric, cell, null);
        }
    }

    /** One table row with the step it came from (to style failed or flagged rows). */
    public record Row(StepRecord step, List<String> cells) {}

    /** The step's own run queue, beside the load average that still carries what ran before it. */
    private static final Column RUN_QUEUE =
            new Column("RunQ", true, s -> FigureFormat.decimals(s.machine().runQueue(), 2));

    private static final Column US_PER_REQ =
            figure("\u00b5s/req", s -> s.processes().proxyCpuUsPerReq(), 1);
    /** The kernel's part of the CPU per request: with the whole beside it, where a front end's time goes. */
    private static final Column SYS_US_PER_REQ =
            figure("sys \u00b5s/req", s -> s.processes().proxySysCpuUsPerReq(), 1);

    private static final Column CEILING =
            new Column("% ceil.", true, s -> FigureFormat.decimals(s.ceiling().pctOfCeiling(), 1));
    /** The parts of a JVM's CPU per request its JIT compiler threads and its collector's threads took. */
    private static final Column JIT_US_PER_REQ = new Column(
            "JIT \u00b5s/req", true, s -> FigureFormat.decimals(s.processes().proxyJitCpuUsPerReq(), 1));

    private static final Column GC_US_PER_REQ = new Column(
            "GC \u00b5s/req", true, s -> FigureFormat.decimals(s.processes().proxyGcCpuUsPerReq(), 1));

    private ResultsTable() {}

    /**
     * The columns of this run's main table: the write-up's, then TP99, errors, the front end's CPU per
     * request and the flags, so that it fits a terminal and a browser window. The step column says what a
     * step counts. A TLS churn run adds its handshakes per second, the front end's CPU per handshake and
     * the share resumed before the flags.
     */
    public static List<Column> columns(RunResults results) {
        StepUnit unit = results.run().unit();
        List<Column> columns = new ArrayList<>(List.of(
                new Column("Run", false, StepRecord::frontEnd),
                new Column(unit.header(), true, s -> FigureFormat.integer(s.connections())),
                figure("Rq./s", s -> s.load().rps(), 0),
                figure("Av./ms", s -> s.latency().meanMs(), 2),
                figure("TP50/ms", s -> s.latency().p50Ms(), 2),
                figure("TP75/ms", s -> s.latency().p75Ms(), 2),
                figure("TP90/ms", s -> s.latency().p90Ms(), 2),
                figure("CPU/%", s -> s.machine().cpuPct(), 2),
                new Column("LdAvg", true, s -> FigureFormat.decimals(s.machine().loadAvg(), 2)),
                new Column(
                        "Ctx Sw.", true, s -> FigureFormat.decimals(s.machine().ctxSwPerSec(), 2)),
                new Column("Mbps", true, s -> FigureFormat.decimals(s.machine().netMbps(), 2)),
                figure("TP99/ms", s -> s.latency().p99Ms(), 2),
                new Column("Errors", true, s -> FigureFormat.integer(s.errors().total())),
                US_PER_REQ));
        if (hasHandshakes(results)) {
            columns.add(figure("HS/s", s -> s.handshakes().perSec(), 0));
            columns.add(figure("\u00b5s/HS", s -> s.handshakes().proxyCpuUsPer(), 1));
            columns.add(new Column(
                    "Resumed/%", true, s -> FigureFormat.decimals(s.handshakes().resumedPct(), 1)));
        }
        columns.add(new Column("Flags", false, ResultsTable::flags));
        return List.copyOf(columns);
    }

    /** Whether some step counted TLS handshakes (a {@code --tls --mode churn} run). */
    static boolean hasHandshakes(RunResults results) {
        return results.steps().stream().anyMatch(s -> s.handshakes().perSec() != null);
    }

    /**
     * The columns of the diagnostics table, which says why a row of the main table reads as it does:
     * the hypervisor's steal, the step's own run queue, the kernel's part of the CPU per request, the
     * proxy's resident memory and threads, GC and JIT time per second and per request, virtual threads'
     * pins of their carriers (count and time), and the share of the Little's-law ceiling. A figure that is
     * optional by nature (recorded since it was added, or measured only where the machine allows) has a
     * column only when some step measured it, so that older runs render as they always did; an
     * open-model run (steps are offered rates) has no ceiling.
     */
    public static List<Column> diagnosticColumns(RunResults results) {
        StepUnit unit = results.run().unit();
        List<Column> columns = new ArrayList<>(List.of(
                new Column("Run", false, StepRecord::frontEnd),
                new Column(unit.header(), true, s -> FigureFormat.integer(s.connections()))));
        if (results.steps().stream().anyMatch(s -> s.machine().stealPct() != null)) {
            columns.add(new Column(
                    "Steal/%", true, s -> FigureFormat.decimals(s.machine().stealPct(), 2)));
        }
        if (ReportNotes.hasRunQueueColumn(results.run())) {
            columns.add(RUN_QUEUE);
        }
        if (hasSysCpu(results)) {
            columns.add(SYS_US_PER_REQ);
        }
        // what the proxy holds: a thread per connection shows here before it shows in the CPU
        if (results.steps().stream().anyMatch(s -> s.processes().proxyRssMb() != null)) {
            columns.add(new Column(
                    "RSS MB", true, s -> FigureFormat.decimals(s.processes().proxyRssMb(), 1)));
        }
        if (results.steps().stream().anyMatch(s -> s.processes().proxyThreads() != null)) {
            columns.add(new Column(
                    "Threads", true, s -> FigureFormat.integer(s.processes().proxyThreads())));
        }
        columns.add(
                new Column("GC ms/s", true, s -> FigureFormat.decimals(s.jvm().gcMsPerSec(), 2)));
        if (results.steps().stream().anyMatch(s -> s.jvm().jitMsPerSec() != null)) {
            columns.add(new Column(
                    "JIT ms/s", true, s -> FigureFormat.decimals(s.jvm().jitMsPerSec(), 2)));
        }
        if (hasJitParts(results)) {
            columns.add(JIT_US_PER_REQ);
            columns.add(GC_US_PER_REQ);
        }
        if (hasPinning(results)) {
            columns.add(new Column(
                    "Pins", true, s -> FigureFormat.integer(s.pinning().pinnedCount())));
            columns.add(new Column(
                    "Pinned ms", true, s -> FigureFormat.decimals(s.pinning().pinnedMs(), 2)));
        }
        if (unit.hasCeiling()) {
            columns.add(CEILING);
        }
        return List.copyOf(columns);
    }

    /** Whether some step recorded its virtual threads' pinning (a JVM front end on Java 21+, runs since it was). */
    static boolean hasPinning(RunResults results) {
        return results.steps().stream().anyMatch(s -> s.pinning().pinnedCount() != null);
    }

    /** Whether some step measured the kernel's part of the CPU per request (runs since it was recorded). */
    static boolean hasSysCpu(RunResults results) {
        return results.steps().stream().anyMatch(s -> s.processes().proxySysCpuUsPerReq() != null);
    }

    /**
     * Whether some step told a JVM's JIT and GC threads' parts of its CPU per request apart (runs since
     * it was recorded).
     */
    static boolean hasJitParts(RunResults results) {
        return results.steps().stream().anyMatch(s -> s.processes().proxyJitCpuUsPerReq() != null);
    }

    /** A main figure: shown with its spread in a repeated run. */
    private static Column figure(String header, Function<StepRecord, Double> figure, int decimals) {
        return new Column(header, true, s -> FigureFormat.decimals(figure.apply(s), decimals), figure);
    }

    /** The main table's rows: {@link #rows(RunResults, List)} of {@link #columns}. */
    public static List<Row> rows(RunResults results) {
        return rows(results, columns(results));
    }

    /**
     * Rows in reference order: by connections, front ends interleaved per step. A run with repeats
     * has one row per (front end, step): {@link RepeatSummary}.
     */
    public static List<Row> rows(RunResults results, List<Column> columns) {
        if (RepeatGroups.repeated(results.steps())) {
            return RepeatSummary.rows(results, columns);
        }
        List<Row> rows = new ArrayList<>();
        for (StepRecord step : results.stepsInTableOrder()) {
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
    static String flags(StepRecord step) {
        List<String> parts = new ArrayList<>(step.flags());
        if (!step.ok()) {
            String reason = step.failure() == null || step.failure().isBlank() ? "no reason recorded" : step.failure();
            parts.add("failed: " + reason.replaceAll("\\s+", " ").trim());
        }
        return String.join(", ", parts);
    }
}
