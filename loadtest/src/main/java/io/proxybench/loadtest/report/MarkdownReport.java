package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.results.StepUnit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** Writes {@code report.md}: conditions, the results table, the ratios of throughput and CPU per request. */
public final class MarkdownReport {

    private MarkdownReport() {}

    /** The main results table as aligned Markdown, also fit to print on a console. */
    public static String table(RunResults results) {
        return table(results, ResultsTable.columns(results))
                + RepeatSummary.note(results).map(n -> "\n" + n + "\n").orElse("");
    }

    /** The diagnostics table as aligned Markdown. */
    public static String diagnosticsTable(RunResults results) {
        return table(results, ResultsTable.diagnosticColumns(results));
    }

    private static String table(RunResults results, List<ResultsTable.Column> columns) {
        List<List<String>> cells = ResultsTable.rows(results, columns).stream()
                .map(ResultsTable.Row::cells)
                .toList();
        List<String> headers = columns.stream().map(ResultsTable.Column::header).toList();
        List<Boolean> numeric =
                columns.stream().map(ResultsTable.Column::numeric).toList();
        return MarkdownTable.render(headers, numeric, cells);
    }

    /** The table for steps held in memory (front ends ordered as {@code run} declares them). */
    public static String table(RunMetadata run, List<StepRecord> steps) {
        return table(new RunResults(null, run, steps, List.of()));
    }

    /**
     * The ratios section body: one line per step, e.g. {@code - 2000 connections: netty/tomcat = 1.81×,
     * CPU per request 0.52×}, front ends apart by semicolons.
     */
    public static String ratios(RunResults results) {
        List<FrontEndRatios.StepRatios> all = FrontEndRatios.of(results);
        if (all.isEmpty()) {
            return "Only one front end in this run: no ratios.\n";
        }
        StepUnit unit = results.run().unit();
        StringBuilder out = new StringBuilder();
        for (FrontEndRatios.StepRatios step : all) {
            out.append("- ")
                    .append(unit.describe(step.connections()))
                    .append(": ")
                    .append(step.ratios().stream()
                            .map(FrontEndRatios.Ratio::text)
                            .collect(Collectors.joining("; ")))
                    .append('\n');
        }
        return out.toString();
    }

    public static String render(RunResults results) {
        RunMetadata run = results.run();
        StringBuilder md = new StringBuilder();
        md.append("# proxybench run ")
                .append(run.runId() == null ? "(no id)" : run.runId())
                .append("\n\n");
        md.append("## Conditions\n\n");
        for (RunConditions.Entry e : RunConditions.of(run)) {
            md.append("- **")
                    .append(e.name())
                    .append(":** ")
                    .append(inline(e.value()))
                    .append('\n');
        }
        md.append('\n');
        if (!run.frontEnds().isEmpty()) {
            md.append("### Front ends\n\n");
            for (RunMetadata.FrontEndInfo fe : run.frontEnds()) {
                md.append("- **").append(fe.label()).append("**");
                if (fe.kind() != null && !fe.kind().equals(fe.label())) {
                    md.append(" (").append(fe.kind()).append(')');
                }
                String settings = RunConditions.keyValues(fe.settings());
                md.append(" settings: ").append(settings == null ? "defaults" : code(settings));
                md.append("; JVM: ").append(fe.jvmArgs().isEmpty() ? "defaults" : code(String.join(" ", fe.jvmArgs())));
                String resolved = fe.resolved() == null ? null : RunConditions.keyValues(fe.resolved());
                if (resolved != null) {
                    md.append("; resolved at start: ").append(code(resolved));
                }
                if (fe.tls() != null) {
                    md.append("; TLS negotiated: ").append(inline(fe.tls().describe()));
                }
                md.append(ReportNotes.readiness(fe));
                md.append('\n');
            }
            md.append('\n');
        }
        if (!run.warnings().isEmpty()) {
            md.append("### Warnings\n\n");
            run.warnings().forEach(w -> md.append("- ").append(inline(w)).append('\n'));
            md.append('\n');
        }
        md.append("## Results\n\n");
        md.append(table(results)).append('\n');
        md.append(ReportNotes.table(results)).append(HostsNotes.of(results)).append("\n\n");
        md.append(ReportNotes.leadIns(results.steps()));
        md.append(ReportNotes.flagLegend(results.steps()));
        md.append("## Ratios\n\n");
        baselineNote(results, md);
        md.append(ratios(results));
        md.append("\n## Diagnostics\n\n");
        md.append(diagnosticsTable(results)).append('\n');
        md.append(ReportNotes.diagnostics(results)).append("\n\n");
        md.append(FaultAccountingSection.render(results));
        md.append(SyscallsSection.render(results));
        md.append(LockContentionSection.render(results));
        return md.toString();
    }

    public static Path write(RunResults results) throws IOException {
        Path file = RunFiles.of(results.dir()).reportMd();
        Files.writeString(file, render(results), StandardCharsets.UTF_8);
        return file;
    }

    private static void baselineNote(RunResults results, StringBuilder md) {
        if (FrontEndRatios.baseline(results).isPresent()) {
            md.append(FrontEndRatios.explanation(results)).append("\n\n");
        }
    }

    private static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    private static String inline(String s) {
        return s.replaceAll("[\\r\\n]+", " ");
    }
}
