package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpectrumMergeTest {

    /** A spectrum whose latency is {@code below} up to {@code split} % and {@code above} past it. */
    private static LatencySpectrum spectrum(long count, double split, double below, double above) {
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double level : LatencySpectrumLevels.levels()) {
            points.add(new LatencySpectrum.Point(level, level <= split ? below : above));
        }
        return new LatencySpectrum("wrk", false, count, above, points);
    }

    @Test
    void twoEqualSpectraMergeIntoTheSameAndTheMergeIsMarkedNotExact() {
        LatencySpectrum one = spectrum(500, 90, 1_000, 5_000);

        LatencySpectrum merged = SpectrumMerge.merge(List.of(one, spectrum(700, 90, 1_000, 5_000)), "wrk");

        assertThat(merged.exact()).isFalse();
        assertThat(merged.count()).isEqualTo(1200);
        assertThat(merged.points()).isEqualTo(one.points());
    }

    @Test
    void weighsEachSpectrumByItsRequests() {
        // 800 requests all at 1 ms on one box, 200 all at 10 ms on the other: 80 % within 1 ms
        LatencySpectrum merged = SpectrumMerge.merge(
                List.of(spectrum(800, 100, 1_000, 1_000), spectrum(200, 100, 10_000, 10_000)), "wrk");

        assertThat(merged.valueUsAt(50)).isEqualTo(1_000);
        assertThat(merged.valueUsAt(75)).isEqualTo(1_000);
        assertThat(merged.valueUsAt(90)).isEqualTo(10_000);
        assertThat(merged.maxUs()).isEqualTo(10_000);
        for (int i = 1; i < merged.points().size(); i++) {
            assertThat(merged.points().get(i).valueUs())
                    .isGreaterThanOrEqualTo(merged.points().get(i - 1).valueUs());
        }
    }
}
