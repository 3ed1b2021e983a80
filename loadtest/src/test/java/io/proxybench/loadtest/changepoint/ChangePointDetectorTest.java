package io.proxybench.loadtest.changepoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangePointDetectorTest {

    private final ChangePointDetector detector = ChangePointDetector.defaults();

    /** {@code n} points around {@code level} with normal noise of {@code noisePct} % (seeded). */
    private static List<Double> noisy(Random random, int n, double level, double noisePct) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(level * (1 + random.nextGaussian() * noisePct / 100));
        }
        return out;
    }

    @Test
    void aTenPercentStepInNoiseIsFoundWhereItHappened() {
        Random random = new Random(42);
        List<Double> series = new ArrayList<>(noisy(random, 12, 100, 1));
        series.addAll(noisy(random, 8, 110, 1));

        List<ChangePoint> changes = detector.detect(series);

        assertThat(changes).hasSize(1);
        ChangePoint change = changes.get(0);
        assertThat(change.index()).isEqualTo(12);
        assertThat(change.changePct()).isCloseTo(10, within(1.5));
        assertThat(change.before()).isCloseTo(100, within(1.0));
        assertThat(change.after()).isCloseTo(110, within(1.1));
        assertThat(change.pValue()).isLessThanOrEqualTo(0.01);
    }

    @Test
    void aStepDownIsFoundWithANegativeChange() {
        Random random = new Random(7);
        List<Double> series = new ArrayList<>(noisy(random, 5, 100, 1));
        series.addAll(noisy(random, 5, 90, 1));

        List<ChangePoint> changes = detector.detect(series);

        assertThat(changes).extracting(ChangePoint::index).containsExactly(5);
        assertThat(changes.get(0).changePct()).isCloseTo(-10, within(2.0));
    }

    @Test
    void aFlatNoisySeriesHasNoChangePoint() {
        for (long seed = 1; seed <= 20; seed++) {
            List<Double> series = noisy(new Random(seed), 30, 100, 1);

            assertThat(detector.detect(series)).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void twoStepsAreBothFound() {
        Random random = new Random(3);
        List<Double> series = new ArrayList<>(noisy(random, 8, 100, 1));
        series.addAll(noisy(random, 8, 115, 1));
        series.addAll(noisy(random, 8, 100, 1));

        assertThat(detector.detect(series)).extracting(ChangePoint::index).containsExactly(8, 16);
    }

    @Test
    void aSignificantStepSmallerThanTheMinimumChangeIsDropped() {
        Random random = new Random(11);
        List<Double> series = new ArrayList<>(noisy(random, 10, 100, 0.2));
        series.addAll(noisy(random, 10, 102, 0.2));

        assertThat(detector.detect(series)).isEmpty();
        assertThat(new ChangePointDetector(0.05, 1, 999).detect(series))
                .extracting(ChangePoint::index)
                .containsExactly(10);
    }

    @Test
    void theSameSeriesGivesTheSameAnswerEveryTime() {
        Random random = new Random(5);
        List<Double> series = new ArrayList<>(noisy(random, 6, 100, 2));
        series.addAll(noisy(random, 6, 106, 2));

        assertThat(detector.detect(series)).isEqualTo(detector.detect(series));
    }

    @Test
    void seriesShorterThanTwoSegmentsHaveNoChangePoint() {
        assertThat(detector.detect(List.of())).isEmpty();
        assertThat(detector.detect(List.of(100.0))).isEmpty();
        assertThat(detector.detect(List.of(100.0, 200.0, 300.0))).isEmpty();
        // a single run at a new level is an outlier until a second one confirms it
        assertThat(detector.detect(List.of(100.0, 100.5, 99.5, 100.2, 99.8, 150.0)))
                .isEmpty();
    }

    @Test
    void aConstantSeriesHasNoChangePoint() {
        assertThat(detector.detect(List.of(5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0)))
                .isEmpty();
    }
}
