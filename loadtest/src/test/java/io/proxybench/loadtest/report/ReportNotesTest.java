package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.CarrierPinning;
import io.proxybench.loadtest.results.JvmFigures;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportNotesTest {

    private static StepRecord flagged(String... flags) {
        return new StepRecord(
                "tomcat",
                "tomcat",
                100,
                "ok",
                null,
                List.of(flags),
                "2026-11-22T00:00:10Z",
                10.0,
                new StepRecord.Load(13000L, 1300.0),
                new StepRecord.Latency(52.6, 52.1, 52.8, 54.2, 60.0, 80.0),
                new StepRecord.Errors(0L, 0L, 0L, 0L, 0L),
                new MachineFigures(97.0, 6.9, 3.2, 9320.5, 31.1, 20000.0, null),
                new StepRecord.Processes(80.0, 61.5, 20.5, 35.0, 23, 20.0, 60.0, 2.5, 1.5),
                new JvmFigures(3.5, 12L, 210.0, 1.25),
                new StepRecord.Ceiling(2000.0, 65.0),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    @Test
    void legendExplainsEachFlagThatAppearsAndOnlyThose() {
        String legend = ReportNotes.flagLegend(List.of(flagged("machine-saturated"), flagged(), flagged("timeouts")));

        assertThat(legend)
                .startsWith("Flags:")
                .contains("- `machine-saturated`: the machine's CPU reached 95 %")
                .contains("- `timeouts`: ")
                .doesNotContain("generator-saturated")
                .doesNotContain("http-errors");
    }

    @Test
    void leadInsGetOneLineWithTheirRangeAndCapsOnlyWhenAStepHadOne() {
        assertThat(ReportNotes.leadIns(List.of(flagged(), flagged()))).isEmpty();

        String note = ReportNotes.leadIns(List.of(
                flagged(),
                flagged().withLeadIn(new StepRecord.LeadIn(3.1, "steady")),
                flagged(StepRecord.FLAG_NOT_STEADY).withLeadIn(new StepRecord.LeadIn(30.4, "cap"))));
        assertThat(note)
                .startsWith("Lead-in: ")
                .contains("3.1\u201330.4 s per step")
                .contains("1 reaching the cap (flagged not-steady)")
                .endsWith("\n\n");
        assertThat(note.strip()).doesNotContain("\n");
    }

    @Test
    void notSteadySaysTheWarmUpHitItsCap() {
        assertThat(ReportNotes.flagLegend(List.of(flagged(StepRecord.FLAG_NOT_STEADY))))
                .contains("- `not-steady`: the front end's warm-up (--warmup-cap), or the step's own lead-in");
    }

    @Test
    void jitBusySaysTheStepsCpuIncludesCompilation() {
        assertThat(ReportNotes.flagLegend(List.of(flagged(StepRecord.FLAG_JIT_BUSY))))
                .contains("- `jit-busy`: the front end's JIT compiled for 5 ms or more per second during the step")
                .contains("part of the step's CPU per request is compilation");
    }

    private static List<String> headers(List<ResultsTable.Column> columns) {
        return columns.stream().map(ResultsTable.Column::header).toList();
    }

    @Test
    void aRunThatRecordsReadinessShowsTheStepsRunQueueBesideTheLoadAverageAndSaysWhichIsWhich() throws Exception {
        RunResults sample = ResultsReader.read(SampleRun.sourceDir());
        RunMetadata.FrontEndInfo tomcat = sample.run().frontEnds().get(0);
        RunMetadata ready = sample.run()
                .withFrontEnd(tomcat.ready(new RunMetadata.Readiness(3.0, 0.08, 0.17, true, 21.4, "steady")));

        RunResults readyResults = new RunResults(null, ready, sample.steps(), List.of());
        List<String> before = headers(ResultsTable.diagnosticColumns(sample));
        List<String> after = headers(ResultsTable.diagnosticColumns(readyResults));

        assertThat(before).doesNotContain("RunQ");
        assertThat(ReportNotes.diagnostics(sample)).doesNotContain("RunQ");
        assertThat(after).startsWith("Run", "Con.", "RunQ");
        assertThat(after).hasSize(before.size() + 1);
        assertThat(MarkdownReport.table(ready, List.of(flagged()))).contains("|  6.90 |");
        assertThat(MarkdownReport.diagnosticsTable(new RunResults(null, ready, List.of(flagged()), List.of())))
                .contains("| 3.20 |");
        assertThat(ReportNotes.diagnostics(readyResults))
                .contains("LdAvg in the table above is the kernel's one-minute load average")
                .contains("RunQ is the mean of the step's own one-second readings");
        assertThat(ReportNotes.readiness(ready.frontEnds().get(0)))
                .isEqualTo("; machine settled in 3.0 s (run queue 0.17, idle 0.08); warm-up 21.4 s (steady)");
        assertThat(ReportNotes.readiness(tomcat)).isEmpty();
    }

    @Test
    void pinsHaveTheirColumnsAndNoteOnlyWhenAStepRecordedThem() throws Exception {
        RunResults sample = ResultsReader.read(SampleRun.sourceDir());
        RunResults pinned = new RunResults(
                null,
                sample.run(),
                List.of(flagged().withPinning(new CarrierPinning(1234L, 56.789)), flagged()),
                List.of());

        assertThat(headers(ResultsTable.diagnosticColumns(sample))).doesNotContain("Pins", "Pinned ms");
        assertThat(ReportNotes.diagnostics(sample)).doesNotContain("Pins");
        assertThat(headers(ResultsTable.diagnosticColumns(pinned))).contains("Pins", "Pinned ms");
        assertThat(MarkdownReport.diagnosticsTable(pinned)).contains("| 1234 |     56.79 |");
        assertThat(ReportNotes.diagnostics(pinned))
                .contains(
                        "Pins and Pinned ms are how often a JVM's virtual threads blocked while held on their carrier")
                .contains("<step>-pinned.txt");
    }

    @Test
    void noFlaggedStepNoLegend() {
        assertThat(ReportNotes.flagLegend(List.of(flagged(), flagged()))).isEmpty();
    }
}
