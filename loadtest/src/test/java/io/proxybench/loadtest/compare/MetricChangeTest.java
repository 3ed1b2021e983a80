package io.proxybench.loadtest.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MetricChangeTest {

    @Test
    void percentIsRelativeToTheBaseline() {
        assertThat(MetricChange.percent(12148.0, 10933.2)).isCloseTo(-10.0, within(1e-9));
        assertThat(MetricChange.percent(50.0, 55.0)).isCloseTo(10.0, within(1e-9));
        assertThat(MetricChange.percent(200.0, 100.0)).isCloseTo(-50.0, within(1e-9));
        assertThat(MetricChange.percent(0.0, 0.0)).isZero();
        assertThat(MetricChange.percent(0.0, 3.0)).isNull();
        assertThat(MetricChange.percent(null, 3.0)).isNull();
        assertThat(MetricChange.percent(3.0, null)).isNull();
    }

    @Test
    void worseDependsOnWhichWayIsGood() {
        assertThat(MetricChange.of(Metric.RPS, 100.0, 90.0, 5).regression()).isTrue();
        assertThat(MetricChange.of(Metric.RPS, 100.0, 120.0, 5).regression()).isFalse();
        assertThat(MetricChange.of(Metric.RPS, 100.0, 96.0, 5).regression()).isFalse();
        assertThat(MetricChange.of(Metric.P90, 100.0, 110.0, 5).regression()).isTrue();
        assertThat(MetricChange.of(Metric.P90, 100.0, 80.0, 5).regression()).isFalse();
        assertThat(MetricChange.of(Metric.MBPS, 100.0, 80.0, 5).regression()).isTrue();
        assertThat(MetricChange.of(Metric.GC, 10.0, 12.0, 5).regression()).isTrue();
    }

    @Test
    void onlyThroughputAndTp90Gate() {
        assertThat(MetricChange.of(Metric.RPS, 100.0, 90.0, 5).gatingRegression())
                .isTrue();
        assertThat(MetricChange.of(Metric.P90, 100.0, 110.0, 5).gatingRegression())
                .isTrue();
        assertThat(MetricChange.of(Metric.P99, 100.0, 200.0, 5).gatingRegression())
                .isFalse();
        assertThat(MetricChange.of(Metric.CPU, 50.0, 80.0, 5).gatingRegression())
                .isFalse();
    }
}
