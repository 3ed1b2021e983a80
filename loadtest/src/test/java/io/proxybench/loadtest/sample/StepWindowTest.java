package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.results.Rows;
import io.proxybench.loadtest.results.Sample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepWindowTest {

    /** A row at {@code epochMs} covering the second before it, with {@code cpu} as its machine CPU. */
    static Sample row(long epochMs, String frontEnd, Double cpu) {
        return Rows.sample(
                epochMs, 1000, frontEnd, 0, cpu, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 2.5, 7.0, 8, 9.0, 10.0, 11.0, 12.0);
    }

    @Test
    void aRowBelongsToTheStepThatHoldsMostOfItsSecond() {
        StepWindow step = new StepWindow(10_000, 15_000);
        // covers 9.4..10.4: mostly before the step
        assertThat(step.contains(row(10_400, "n", 1.0))).isFalse();
        // covers 9.6..10.6: mostly inside
        assertThat(step.contains(row(10_600, "n", 1.0))).isTrue();
        // covers 14.6..15.6: mostly after
        assertThat(step.contains(row(15_600, "n", 1.0))).isFalse();
        assertThat(step.contains(row(15_400, "n", 1.0))).isTrue();
    }

    @Test
    void slicesOneFrontEndsRowsOfOneStep() {
        List<Sample> rows = new ArrayList<>();
        for (long t = 9_300; t <= 17_300; t += 1000) {
            rows.add(row(t, "netty", (double) t));
            rows.add(row(t + 1, "tomcat", 0.0));
        }
        List<Sample> step = new StepWindow(10_000, 15_000).slice(rows, "netty");
        assertThat(step).extracting(Sample::epochMs).containsExactly(11_300L, 12_300L, 13_300L, 14_300L, 15_300L);
        assertThat(new StepWindow(10_000, 15_000).seconds()).isEqualTo(5.0);
    }

    /** A row at {@code epochMs} covering the second before it, with {@code gcMs} as its GC ms/s. */
    private static Sample gc(long epochMs, Double gcMs) {
        return Rows.sample(
                epochMs, 1000, "n", 0, 1.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 2.5, 7.0, 8, 9.0, 10.0, gcMs, 12.0);
    }

    @Test
    void aTotalTakesOnlyThePartOfEachSecondInsideTheSpan() {
        List<Sample> rows =
                List.of(gc(10_000, 100.0), gc(11_000, 2.0), gc(12_000, 4.0), gc(13_000, 6.0), gc(14_000, 100.0));
        // 10.5..12.8 s: half of 10..11, all of 11..12, 0.8 of 12..13
        assertThat(new StepWindow(10_500, 12_800).total(rows, s -> s.jvm().gcMsPerSec()))
                .isCloseTo(0.5 * 2 + 4 + 0.8 * 6, within(1e-9));
        // a span inside one second
        assertThat(new StepWindow(11_200, 11_700).total(rows, s -> s.jvm().gcMsPerSec()))
                .isCloseTo(0.5 * 4, within(1e-9));
    }

    @Test
    void aTotalMakesUpAFewUnmeasuredSecondsButNotMost() {
        List<Sample> rows = List.of(
                gc(11_000, 2.0), gc(12_000, null), gc(13_000, 2.0), gc(14_000, 2.0), gc(15_000, 2.0), gc(16_000, 2.0));
        // one second of five unmeasured: taken at the others' rate
        assertThat(new StepWindow(11_000, 16_000).total(rows, s -> s.jvm().gcMsPerSec()))
                .isCloseTo(10.0, within(1e-9));
        assertThat(new StepWindow(11_000, 16_000)
                        .total(rows.subList(0, 2), s -> s.jvm().gcMsPerSec()))
                .isNull();
        assertThat(new StepWindow(11_000, 11_000).total(rows, s -> s.jvm().gcMsPerSec()))
                .isNull();
    }

    @Test
    void averagesSkipUnmeasuredCells() {
        List<Sample> rows = List.of(row(1, "n", 10.0), row(2, "n", null), row(3, "n", 30.0));
        assertThat(StepWindow.mean(rows, s -> s.machine().cpuPct())).isCloseTo(20.0, within(1e-9));
        assertThat(StepWindow.mean(rows, s -> s.processes().proxyThreads())).isCloseTo(8.0, within(1e-9));
        assertThat(StepWindow.mean(List.of(row(1, "n", null)), s -> s.machine().cpuPct()))
                .isNull();
        assertThat(StepWindow.mean(List.of(), s -> s.machine().cpuPct())).isNull();
    }
}
