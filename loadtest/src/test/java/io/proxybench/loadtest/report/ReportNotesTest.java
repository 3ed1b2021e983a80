package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.JvmFigures;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.StepRecord;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReportNotesTest {

    private static StepRecord flagged(String... flags) {
        return new StepRecord("tomcat", "tomcat", 100, "ok", null, List.of(flags), "2026-11-22T00:00:10Z", 10.0,
                new StepRecord.Load(13000L, 1300.0), new StepRecord.Latency(52.6, 52.1, 52.8, 54.2, 60.0, 80.0),
                new StepRecord.Errors(0L, 0L, 0L, 0L, 0L), new MachineFigures(97.0, 6.9, 3.2, 9320.5, 31.1, 20000.0),
                new StepRecord.Processes(80.0, 61.5, 35.0, 23, 20.0, 60.0), new JvmFigures(3.5, 12L, 210.0, 1.25),
                new StepRecord.Ceiling(2000.0, 65.0), null);
    }

    @Test
    void legendExplainsEachFlagThatAppearsAndOnlyThose() {
        String legend = ReportNotes.flagLegend(List.of(flagged("machine-saturated"), flagged(), flagged("timeouts")));

        assertThat(legend).startsWith("Flags:")
                .contains("- `machine-saturated`: the machine's CPU reached 95 %")
                .contains("- `timeouts`: ")
                .doesNotContain("generator-saturated")
                .doesNotContain("http-errors");
    }

    @Test
    void noFlaggedStepNoLegend() {
        assertThat(ReportNotes.flagLegend(List.of(flagged(), flagged()))).isEmpty();
    }
}
