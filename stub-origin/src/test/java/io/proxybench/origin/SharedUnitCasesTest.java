package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.units.UnitCases.Case;
import io.proxybench.origin.behavior.LatencyModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.TypeConversionException;

/**
 * The origin's command line reads durations (--latency, --drain-timeout) and sizes (--payload-size):
 * each row of the shared tables must mean here what it means to the kit and the proxies, or be
 * refused with the same message.
 */
class SharedUnitCasesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#durations")
    void drainTimeoutRow(Case c) {
        StubOriginMain.DurationConverter converter = new StubOriginMain.DurationConverter();
        if (c.accepted()) {
            assertThat(converter.convert(c.input()).toNanos()).isEqualTo(c.value());
        } else {
            assertThatThrownBy(() -> converter.convert(c.input()))
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessage(c.message());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#durations")
    void latencyRow(Case c) {
        if (!c.accepted()) {
            assertThatThrownBy(() -> LatencyModel.parse(c.input())).hasMessage(c.message());
        } else if (c.value() <= LatencyModel.MAX.toNanos()) {
            LatencyModel model = LatencyModel.parse(c.input());
            assertThat(model.sampleNanos()).isEqualTo(c.value());
            // The origin prints its latency back the way the kit and the proxies spell it.
            assertThat(model.spelling()).isEqualTo(c.spelling());
        } else {
            assertThatThrownBy(() -> LatencyModel.parse(c.input())).hasMessageContaining("longer than the 1h limit");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#byteSizes")
    void payloadSizeRow(Case c) {
        StubOriginMain.ByteSizeConverter converter = new StubOriginMain.ByteSizeConverter();
        if (c.accepted()) {
            assertThat(converter.convert(c.input()).longValue()).isEqualTo(Math.min(Integer.MAX_VALUE, c.value()));
        } else {
            assertThatThrownBy(() -> converter.convert(c.input()))
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessage(c.message());
        }
    }
}
