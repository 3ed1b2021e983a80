package io.proxybench.loadtest.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RankRatioIntervalTest {

    @Test
    void theCountsOfUAreTheExactNullDistribution() {
        // 2 vs 2: U = 0..4 in 1, 1, 2, 1, 1 of the 6 arrangements
        assertThat(RankRatioInterval.uCounts(2, 2)).containsExactly(1, 1, 2, 1, 1);
        double total = 0;
        for (double c : RankRatioInterval.uCounts(6, 6)) {
            total += c;
        }
        assertThat(total).isEqualTo(924);
    }

    @Test
    void theCriticalCountsMatchThePublishedTable() {
        // two-sided 0.05: 4 vs 4 rejects at U = 0 only, 6 vs 6 at U <= 5, 3 vs 3 never
        assertThat(RankRatioInterval.lowerCriticalCount(4, 4, 0.025)).isEqualTo(1);
        assertThat(RankRatioInterval.lowerCriticalCount(6, 6, 0.025)).isEqualTo(6);
        assertThat(RankRatioInterval.lowerCriticalCount(3, 3, 0.025)).isZero();
    }

    @Test
    void aCandidateTwentyPerCentSlowerLiesInAnIntervalAroundOnePointTwo() {
        double[] base = {100, 101, 99, 102, 98, 100.5};
        double[] cand = new double[base.length];
        for (int i = 0; i < base.length; i++) {
            cand[i] = base[(i + 2) % base.length] * 1.2;
        }

        RankRatioInterval interval = RankRatioInterval.of(base, cand).orElseThrow();

        assertThat(interval.estimate()).isCloseTo(1.2, within(0.005));
        assertThat(interval.low()).isGreaterThan(1.15).isLessThanOrEqualTo(1.2);
        assertThat(interval.high()).isLessThan(1.25).isGreaterThanOrEqualTo(1.2);
        assertThat(interval.excludesOne()).isTrue();
    }

    @Test
    void tooFewFiguresOrANonPositiveOneGiveNoInterval() {
        assertThat(RankRatioInterval.of(new double[] {1, 2, 3}, new double[] {1, 2, 3}))
                .isEmpty();
        assertThat(RankRatioInterval.of(new double[] {0, 1, 2, 3}, new double[] {1, 2, 3, 4}))
                .isEmpty();
    }
}
