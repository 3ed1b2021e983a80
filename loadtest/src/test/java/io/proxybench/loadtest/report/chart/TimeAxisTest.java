package io.proxybench.loadtest.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.Rows;
import io.proxybench.loadtest.results.Sample;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeAxisTest {

    private static Sample at(long epochMs, Double cpu) {
        return Rows.sample(
                epochMs, 1000, "netty", 700, cpu, null, null, null, null, null, null, null, null, null, null, null,
                null, null);
    }

    @Test
    void secondsSinceTheFirstSample() {
        TimeAxis axis = TimeAxis.of(List.of(at(10_000, 1.0), at(11_000, 2.0), at(12_000, 3.0)));

        assertThat(axis.xValues()).containsExactly(0.0, 1.0, 2.0);
        assertThat(axis.values(
                        List.of(at(10_000, 1.0), at(11_000, 2.0), at(12_000, 3.0)),
                        s -> s.machine().cpuPct()))
                .containsExactly(1.0, 2.0, 3.0);
    }

    @Test
    void anotherFrontEndsTurnIsCutOutAndBreaksTheLine() {
        List<Sample> samples = List.of(at(0, 1.0), at(1_000, 2.0), at(2_000, 3.0), at(62_000, 4.0), at(63_000, 5.0));

        TimeAxis axis = TimeAxis.of(samples);

        assertThat(axis.xValues()).containsExactly(0.0, 1.0, 2.0, 2.5, 3.0, 4.0);
        assertThat(axis.values(samples, s -> s.machine().cpuPct()))
                .isEqualTo(Arrays.asList(1.0, 2.0, 3.0, null, 4.0, 5.0));
    }

    @Test
    void shortHiccupsAreKeptAsTime() {
        List<Sample> samples = List.of(at(0, 1.0), at(1_000, 2.0), at(4_000, 3.0));

        assertThat(TimeAxis.of(samples).xValues()).containsExactly(0.0, 1.0, 4.0);
    }

    @Test
    void emptyCellsStayGaps() {
        List<Sample> samples = List.of(at(0, 1.0), at(1_000, null), at(2_000, Double.NaN), at(3_000, 4.0));

        assertThat(TimeAxis.of(samples).values(samples, s -> s.machine().cpuPct()))
                .isEqualTo(Arrays.asList(1.0, null, null, 4.0));
    }
}
