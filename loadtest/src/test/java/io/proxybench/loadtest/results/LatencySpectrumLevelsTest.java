package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencySpectrumLevelsTest {

    private final List<Double> levels = LatencySpectrumLevels.levels();

    @Test
    void runFromZeroToFiveNinesStrictlyAscending() {
        assertThat(levels.get(0)).isZero();
        assertThat(levels.get(levels.size() - 1)).isEqualTo(99.999);
        for (int i = 1; i < levels.size(); i++) {
            assertThat(levels.get(i)).as("level %d", i).isGreaterThan(levels.get(i - 1));
        }
    }

    @Test
    void cutEachHalvingOfTheDistanceTo100IntoFiveEqualSteps() {
        assertThat(levels)
                .containsSubsequence(
                        0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 55.0, 60.0, 65.0, 70.0, 75.0, 77.5, 80.0, 82.5, 85.0, 87.5,
                        88.75, 90.0);
        // the last halving reached, from 1 - 2^-16, in ticks of 2^-17 / 5: its fifth tick is past 99.999
        assertThat(levels).containsSubsequence(99.998474, 99.998627, 99.998779, 99.998932, 99.999);
        // 17 halvings of 5 ticks less that one, and 99, 99.9, 99.99, 99.999, which no tick hits
        assertThat(levels).hasSize(17 * 5 - 1 + 4);
    }

    @Test
    void holdEveryNamedPercentileExactly() {
        assertThat(levels).containsAll(List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999));
    }

    @Test
    void printAndParseUnchanged() {
        for (double level : levels) {
            String text = LatencySpectrumLevels.text(level);
            assertThat(text).doesNotContain("E").doesNotEndWith(".0");
            assertThat(Double.parseDouble(text)).isEqualTo(level);
        }
        assertThat(LatencySpectrumLevels.text(50.0)).isEqualTo("50");
        assertThat(LatencySpectrumLevels.text(99.999)).isEqualTo("99.999");
    }
}
