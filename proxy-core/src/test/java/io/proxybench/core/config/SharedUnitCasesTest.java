package io.proxybench.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.units.UnitCases.Case;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The proxies read durations and sizes through config keys: each row of the shared tables must mean
 * here what it means to the kit and the stub origin, or be refused with the same message.
 */
class SharedUnitCasesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#durations")
    void durationRow(Case c) {
        // shutdown.drainTimeout: a key that takes any duration, 0 included.
        ConfigLoader loader =
                new ConfigLoader(ConfigSchema.common()).flags(List.of("shutdown.drainTimeout=" + c.input()));
        if (c.accepted()) {
            assertThat(loader.load().get(ProxyConfigKeys.SHUTDOWN_DRAIN_TIMEOUT).toNanos())
                    .isEqualTo(c.value());
        } else {
            assertThatThrownBy(loader::load)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage("invalid value '" + c.input() + "' for shutdown.drainTimeout (from flag): "
                            + "expected a duration such as 500ms or 2s; " + c.message());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#byteSizes")
    void byteSizeRow(Case c) {
        ConfigKey<Integer> size = ConfigKey.bytes("limits.maxHeaderSize", 0, 0, Integer.MAX_VALUE, "x");
        if (c.accepted()) {
            int expected = (int) Math.min(Integer.MAX_VALUE, c.value());
            assertThat(size.parse(c.input())).isEqualTo(expected);
        } else {
            assertThatThrownBy(() -> size.parse(c.input())).hasMessage(c.message());
        }
    }
}
