package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class OriginFaultMixTest {

    @Test
    void percentagesAndFractionsGiveTheSameShares() throws PlanException {
        OriginFaultMix mix = OriginFaultMix.parse("reset=1%,close-mid-body=0.01,garbage=1%,stall=0.5%,status-500=1%");
        assertThat(mix.shares())
                .containsExactly(
                        entry("reset", 0.01),
                        entry("close-mid-body", 0.01),
                        entry("garbage", 0.01),
                        entry("stall", 0.005),
                        entry("status-500", 0.01));
        assertThat(mix.faultRateArgument())
                .isEqualTo("reset=0.01,close-mid-body=0.01,garbage=0.01,stall=0.005,status-500=0.01");
        assertThat(mix.spelling()).isEqualTo("reset=1%,close-mid-body=1%,garbage=1%,stall=0.5%,status-500=1%");
    }

    @Test
    void kindsIgnoreCaseAndSpacesAndZeroSharesDropOut() throws PlanException {
        OriginFaultMix mix = OriginFaultMix.parse(" Reset = 2 % , slow-body=0 ");
        assertThat(mix.shares()).containsExactly(entry("reset", 0.02));
    }

    @Test
    void nothingGivenIsNoFaults() throws PlanException {
        assertThat(OriginFaultMix.parse(null).isEmpty()).isTrue();
        assertThat(OriginFaultMix.parse("none")).isEqualTo(OriginFaultMix.NONE);
        assertThat(OriginFaultMix.parse("stall=0%").isEmpty()).isTrue();
        assertThat(OriginFaultMix.NONE.spelling()).isEqualTo("none");
    }

    @Test
    void anUnknownKindNamesTheValidOnes() {
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=1%,timeout=1%"))
                .isInstanceOf(PlanException.class)
                .hasMessage(
                        "--origin-faults: unknown fault 'timeout' (one of status-500, reset, close-mid-body, garbage,"
                                + " stall, slow-body)");
        assertThatThrownBy(() -> OriginFaultMix.parse("reset"))
                .hasMessageContaining("is not KIND=SHARE")
                .hasMessageContaining("status-500, reset");
    }

    @Test
    void aBadNumberIsOneLine() {
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=one%"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--origin-faults: share 'one%' of reset is not a number (e.g. 1% or 0.01)");
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=")).hasMessageContaining("is not a number");
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=-1%")).hasMessageContaining("not within 0..100%");
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=2")).hasMessageContaining("not within 0..100%");
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=1%,reset=2%")).hasMessageContaining("given twice");
    }

    @Test
    void sharesAboveOneHundredPercentInAllAreRefused() throws PlanException {
        assertThatThrownBy(() -> OriginFaultMix.parse("reset=60%,garbage=0.5"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--origin-faults: the shares add up to 110%, more than 100%");
        // exactly 100 % is allowed, without floating-point drift
        assertThat(OriginFaultMix.parse("reset=0.1,garbage=0.2,stall=0.7").shares())
                .hasSize(3);
    }
}
