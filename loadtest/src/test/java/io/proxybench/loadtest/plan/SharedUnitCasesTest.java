package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.units.UnitCases.Case;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit reads durations and sizes from its command line and writes durations the proxies and the
 * origin read: each row of the shared tables must mean here what it means there, or be refused with
 * the same message.
 */
class SharedUnitCasesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#durations")
    void durationRow(Case c) throws PlanException {
        if (c.accepted()) {
            Duration d = DurationParser.parse(c.input(), "--origin-latency");
            assertThat(d.toNanos()).isEqualTo(c.value());
            assertThat(DurationParser.format(d)).isEqualTo(c.spelling());
        } else {
            assertThatThrownBy(() -> DurationParser.parse(c.input(), "--origin-latency"))
                    .isInstanceOf(PlanException.class)
                    .hasMessage("--origin-latency: " + c.message());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#byteSizes")
    void byteSizeRow(Case c) throws PlanException {
        if (!c.accepted()) {
            assertThatThrownBy(() -> ByteSizeParser.parse(c.input(), "--payload-size"))
                    .isInstanceOf(PlanException.class)
                    .hasMessage("--payload-size: " + c.message());
        } else if (c.value() <= 64L * 1024 * 1024) {
            assertThat((long) ByteSizeParser.parse(c.input(), "--payload-size")).isEqualTo(c.value());
        } else {
            assertThatThrownBy(() -> ByteSizeParser.parse(c.input(), "--payload-size"))
                    .hasMessageEndingWith("is larger than 64MiB");
        }
    }
}
