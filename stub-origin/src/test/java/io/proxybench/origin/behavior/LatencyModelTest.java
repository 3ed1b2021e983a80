package io.proxybench.origin.behavior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LatencyModelTest {

    @Test
    void fixedDelaysInEveryUnit() {
        assertThat(LatencyModel.parse("50ms").sampleNanos()).isEqualTo(50_000_000L);
        assertThat(LatencyModel.parse("250us").sampleNanos()).isEqualTo(250_000L);
        assertThat(LatencyModel.parse("2s").sampleNanos()).isEqualTo(2_000_000_000L);
        assertThat(LatencyModel.parse("1.5ms").sampleNanos()).isEqualTo(1_500_000L);
        assertThat(LatencyModel.parse(" 10ms ").sampleNanos()).isEqualTo(10_000_000L);
    }

    @Test
    void zeroNeedsNoUnit() {
        assertThat(LatencyModel.parse("0").sampleNanos()).isZero();
        assertThat(LatencyModel.parse("0ms").sampleNanos()).isZero();
    }

    @Test
    void uniformStaysWithinItsBoundsAndSpreads() {
        LatencyModel model = LatencyModel.parse("uniform:40ms..60ms");
        assertThat(model).isEqualTo(LatencyModel.uniform(Duration.ofMillis(40), Duration.ofMillis(60)));
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < 10_000; i++) {
            long n = model.sampleNanos();
            min = Math.min(min, n);
            max = Math.max(max, n);
        }
        assertThat(min).isBetween(40_000_000L, 41_000_000L);
        assertThat(max).isBetween(59_000_000L, 60_000_000L);
    }

    @Test
    void degenerateRangeIsFixed() {
        assertThat(LatencyModel.parse("uniform:5ms..5ms").sampleNanos()).isEqualTo(5_000_000L);
    }

    @Test
    void spellingRoundTrips() {
        for (String text : new String[] {"50ms", "0", "250us", "3s", "uniform:40ms..60ms", "uniform:0..1s"}) {
            assertThat(LatencyModel.parse(text).spelling()).isEqualTo(text);
            assertThat(LatencyModel.parse(LatencyModel.parse(text).spelling())).isEqualTo(LatencyModel.parse(text));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "50",
                "fast",
                "-5ms",
                "50 ms",
                "ms",
                "uniform:",
                "uniform:40ms",
                "uniform:40ms..",
                "uniform:60ms..40ms",
                "uniform:a..b",
                "2h"
            })
    void badSpellingsAreRejectedWithTheText(String text) {
        assertThatThrownBy(() -> LatencyModel.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("\n")
                .satisfies(e -> assertThat(e.getMessage()).isNotBlank());
    }

    @Test
    void reversedRangeSaysSo() {
        assertThatThrownBy(() -> LatencyModel.parse("uniform:60ms..40ms")).hasMessageContaining("reversed");
    }
}
