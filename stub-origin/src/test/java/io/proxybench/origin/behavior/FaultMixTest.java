package io.proxybench.origin.behavior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FaultMixTest {

    @Test
    void parsesSharesPerKind() {
        FaultMix mix = FaultMix.parse("status-500=0.01, reset=0.001");
        assertThat(mix.shares()).containsOnly(Map.entry(FaultKind.STATUS_500, 0.01), Map.entry(FaultKind.RESET, 0.001));
        assertThat(mix.isEmpty()).isFalse();
    }

    @Test
    void everyKindHasAWireName() {
        for (FaultKind kind : FaultKind.values()) {
            assertThat(FaultKind.fromWireName(kind.wireName())).isEqualTo(kind);
            assertThat(FaultMix.parse(kind.wireName() + "=0.5").shares()).containsOnlyKeys(kind);
        }
    }

    @Test
    void emptyAndNoneMeanNoFaults() {
        assertThat(FaultMix.parse("")).isSameAs(FaultMix.NONE);
        assertThat(FaultMix.parse("none")).isSameAs(FaultMix.NONE);
        assertThat(FaultMix.parse("reset=0")).isSameAs(FaultMix.NONE);
        assertThat(FaultMix.NONE.pick()).isNull();
    }

    @Test
    void picksBySliceOfTheUnitInterval() {
        FaultMix mix = FaultMix.parse("status-500=0.25,stall=0.25");
        assertThat(mix.pick(0.0)).isEqualTo(FaultKind.STATUS_500);
        assertThat(mix.pick(0.2499)).isEqualTo(FaultKind.STATUS_500);
        assertThat(mix.pick(0.25)).isEqualTo(FaultKind.STALL);
        assertThat(mix.pick(0.4999)).isEqualTo(FaultKind.STALL);
        assertThat(mix.pick(0.5)).isNull();
        assertThat(mix.pick(0.9999)).isNull();
    }

    @Test
    void randomPicksFollowTheShares() {
        FaultMix mix = FaultMix.parse("status-500=0.1,garbage=0.3");
        Map<FaultKind, Integer> counts = new EnumMap<>(FaultKind.class);
        int draws = 100_000;
        int none = 0;
        for (int i = 0; i < draws; i++) {
            FaultKind kind = mix.pick();
            if (kind == null) {
                none++;
            } else {
                counts.merge(kind, 1, Integer::sum);
            }
        }
        assertThat(counts.get(FaultKind.STATUS_500) / (double) draws).isCloseTo(0.1, within(0.01));
        assertThat(counts.get(FaultKind.GARBAGE) / (double) draws).isCloseTo(0.3, within(0.01));
        assertThat(none / (double) draws).isCloseTo(0.6, within(0.01));
    }

    @Test
    void allRequestsCanFail() {
        FaultMix mix = FaultMix.parse("reset=1");
        for (int i = 0; i < 1000; i++) {
            assertThat(mix.pick()).isEqualTo(FaultKind.RESET);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "reset",
                "reset=",
                "reset=x",
                "boom=0.1",
                "reset=1.5",
                "reset=-0.1",
                "reset=0.6,stall=0.6",
                "reset=0.1,reset=0.2",
                "reset=0.1,",
                "reset=NaN"
            })
    void badMixesAreRejected(String text) {
        assertThatThrownBy(() -> FaultMix.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("\n");
    }

    @Test
    void unknownKindListsTheValidOnes() {
        assertThatThrownBy(() -> FaultMix.parse("boom=0.1"))
                .hasMessageContaining("boom")
                .hasMessageContaining("status-500, reset, close-mid-body, garbage, stall, slow-body");
    }

    @Test
    void sharesAddingUpToMoreThanOneAreRejected() {
        assertThatThrownBy(() -> FaultMix.parse("reset=0.6,stall=0.6")).hasMessageContaining("more than 1");
    }
}
