package io.proxybench.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestSeedTest {

    @Test
    void theSameSeedAndStreamReplayTheSameNumbers() {
        assertThat(draws(TestSeed.of(42).random(3)))
                .isEqualTo(draws(TestSeed.of(42).random(3)));
        assertThat(draws(TestSeed.of(42).random()))
                .isEqualTo(draws(TestSeed.of(42).random(0)));
    }

    @Test
    void neighbouringStreamsAndSeedsDrawUnrelatedNumbers() {
        assertThat(draws(TestSeed.of(42).random(3)))
                .isNotEqualTo(draws(TestSeed.of(42).random(4)));
        assertThat(draws(TestSeed.of(42).random(3)))
                .isNotEqualTo(draws(TestSeed.of(43).random(3)));
    }

    @Test
    void thePropertyReplaysASeedAndItsAbsenceDrawsAFreshOne() {
        String saved = System.getProperty(TestSeed.PROPERTY);
        try {
            System.setProperty(TestSeed.PROPERTY, " 1234 ");
            assertThat(TestSeed.draw().value()).isEqualTo(1234);
            assertThat(TestSeed.draw()).hasToString("seed 1234 (replay with -Dproxybench.test.seed=1234)");

            System.clearProperty(TestSeed.PROPERTY);
            long first = TestSeed.draw().value();
            assertThat(IntStream.range(0, 5).mapToLong(i -> TestSeed.draw().value()))
                    .as("fresh seeds")
                    .anyMatch(v -> v != first);
        } finally {
            if (saved == null) {
                System.clearProperty(TestSeed.PROPERTY);
            } else {
                System.setProperty(TestSeed.PROPERTY, saved);
            }
        }
    }

    private static int[] draws(Random random) {
        return random.ints(16).toArray();
    }
}
