package io.proxybench.common.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.units.UnitCases.Case;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The grammar itself against the shared tables, and format/parse round trips beyond them. */
class SharedCasesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#durations")
    void durationRow(Case c) {
        if (c.accepted()) {
            Duration d = DurationSyntax.parse(c.input());
            assertThat(d.toNanos()).isEqualTo(c.value());
            assertThat(DurationSyntax.format(d)).isEqualTo(c.spelling());
            assertThat(DurationSyntax.parse(c.spelling())).isEqualTo(d);
        } else {
            assertThatThrownBy(() -> DurationSyntax.parse(c.input()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(c.message());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.proxybench.common.units.UnitCases#byteSizes")
    void byteSizeRow(Case c) {
        if (c.accepted()) {
            long bytes = ByteSizeSyntax.parse(c.input());
            assertThat(bytes).isEqualTo(c.value());
            assertThat(ByteSizeSyntax.format(bytes)).isEqualTo(c.spelling());
            assertThat(ByteSizeSyntax.parse(c.spelling())).isEqualTo(bytes);
        } else {
            assertThatThrownBy(() -> ByteSizeSyntax.parse(c.input()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(c.message());
        }
    }

    @Test
    void everyDurationFormatsToASpellingThatParsesBack() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 10_000; i++) {
            // Mostly round values in some unit, as real settings are, plus arbitrary nanosecond counts.
            long unit = new long[] {1, 1_000, 1_000_000, 1_000_000_000, 60_000_000_000L}[random.nextInt(5)];
            long nanos =
                    random.nextBoolean() ? random.nextLong(0, 1_000_000) * unit : random.nextLong(0, Long.MAX_VALUE);
            Duration d = Duration.ofNanos(Math.min(nanos, DurationSyntax.MAX.toNanos()));
            assertThat(DurationSyntax.parse(DurationSyntax.format(d)))
                    .as("%s", d)
                    .isEqualTo(d);
        }
        assertThat(DurationSyntax.parse(DurationSyntax.format(DurationSyntax.MAX)))
                .isEqualTo(DurationSyntax.MAX);
    }

    @Test
    void everySizeFormatsToASpellingThatParsesBack() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 10_000; i++) {
            long bytes = random.nextBoolean()
                    ? random.nextLong(0, 1 << 20) << random.nextInt(31)
                    : random.nextLong(0, Long.MAX_VALUE);
            assertThat(ByteSizeSyntax.parse(ByteSizeSyntax.format(bytes))).isEqualTo(bytes);
        }
        assertThat(ByteSizeSyntax.parse(ByteSizeSyntax.format(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void valuesWithoutASpellingAreRefusedRatherThanMisprinted() {
        assertThatThrownBy(() -> DurationSyntax.format(Duration.ofNanos(-1))).hasMessageContaining("no spelling");
        assertThatThrownBy(() -> DurationSyntax.format(DurationSyntax.MAX.plusNanos(1)))
                .hasMessageContaining("no spelling");
        assertThatThrownBy(() -> ByteSizeSyntax.format(-1)).hasMessageContaining("no spelling");
    }
}
