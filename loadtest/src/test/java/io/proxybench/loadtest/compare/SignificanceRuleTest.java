package io.proxybench.loadtest.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SignificanceRuleTest {

    @Test
    void smallestPossiblePIsTwoOverTheArrangements() {
        assertThat(SignificanceRule.smallestP(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(SignificanceRule.smallestP(2, 2)).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(SignificanceRule.smallestP(4, 4)).isCloseTo(2 / 70.0, within(1e-12));
        assertThat(SignificanceRule.smallestP(3, 5)).isCloseTo(2 / 56.0, within(1e-12));
        assertThat(SignificanceRule.smallestP(1, 1)).isEqualTo(1.0);
    }

    @Test
    void aDefaultLevelOutOfReachIsRelaxedToTenPercentAndSaysSo() {
        SignificanceRule rule = SignificanceRule.DEFAULT;

        assertThat(rule.alphaFor(3, 3)).isEqualTo(0.10);
        assertThat(rule.alphaFor(4, 4)).isEqualTo(0.05);
        assertThat(rule.alphaFor(2, 2)).isNull();
        assertThat(rule.alphaFor(1, 5)).isNull();
        assertThat(rule.explain(3, 3))
                .startsWith("3 vs 3 repeats cannot reach p<0.05;"
                        + " the smallest possible p is 0.100: tested at alpha 0.10 instead");
        assertThat(rule.explain(2, 2)).contains("the smallest possible p is 0.333: judged by the threshold alone");
        assertThat(rule.explain(5, 5))
                .isEqualTo("5 vs 5 repeats: tested at alpha 0.05 (the smallest possible p is 0.008)");
    }

    @Test
    void aChosenLevelIsNeverRelaxed() {
        SignificanceRule rule = SignificanceRule.given(0.05);

        assertThat(rule.alphaFor(3, 3)).isNull();
        assertThat(rule.explain(3, 3))
                .isEqualTo("3 vs 3 repeats cannot reach p<0.05; the smallest possible p is 0.100:"
                        + " judged by the threshold alone (4 repeats on each side can reach 0.05)");
        assertThat(SignificanceRule.given(0.1).alphaFor(3, 3)).isEqualTo(0.1);
    }

    @Test
    void exactPOfSeparatedRepeatsIsTheFloorAndOverlappingOnesAreNotSignificant() {
        MetricChange separated = MetricChange.of(
                Metric.RPS, List.of(1000.0, 1010.0, 990.0), List.of(900.0, 905.0, 895.0), 5, SignificanceRule.DEFAULT);
        MetricChange overlapping = MetricChange.of(
                Metric.RPS, List.of(1000.0, 1200.0, 800.0), List.of(900.0, 1150.0, 850.0), 5, SignificanceRule.DEFAULT);
        MetricChange tied = MetricChange.of(
                Metric.RPS, List.of(5.0, 5.0, 5.0), List.of(5.0, 5.0, 5.0), 5, SignificanceRule.DEFAULT);

        assertThat(separated.pValue()).isCloseTo(0.1, within(1e-12));
        assertThat(separated.regression()).isTrue();
        assertThat(separated.gatingRegression()).isTrue();
        assertThat(separated.baselineSpreadPct()).isCloseTo(2.0, within(1e-9));
        assertThat(overlapping.worse()).isTrue();
        assertThat(overlapping.significant()).isFalse();
        assertThat(overlapping.regression()).isFalse();
        assertThat(overlapping.withinNoise()).isTrue();
        assertThat(tied.pValue()).isEqualTo(1.0);
        assertThat(tied.regression()).isFalse();
    }

    @Test
    void tiesNeverPushPBelowWhatTheRepeatsCanReach() {
        // complete separation with a tie inside one side: the normal approximation alone would give about 0.08
        MetricChange change = MetricChange.of(
                Metric.P90, List.of(50.0, 50.0, 51.0), List.of(60.0, 61.0, 62.0), 5, SignificanceRule.DEFAULT);

        assertThat(change.pValue()).isGreaterThanOrEqualTo(0.1);
    }
}
