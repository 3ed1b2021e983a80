package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LeadInPolicyTest {

    private static final WarmupPolicy AUTO_WARMUP = new WarmupPolicy(true, 0, 120);
    private static final WarmupPolicy NO_WARMUP = new WarmupPolicy(false, 0, 120);

    @Test
    void leftOutItIsAutoWithAOneMinuteCapUnlessTheWarmUpIsNone() throws PlanException {
        LeadInPolicy auto = LeadInPolicy.parse(null, null, AUTO_WARMUP);
        assertThat(auto.auto()).isTrue();
        assertThat(auto.capSec()).isEqualTo(60);
        assertThat(auto.describe()).isEqualTo("auto");
        assertThat(LeadInPolicy.parse(null, null, NO_WARMUP).none()).isTrue();
        // asked for, it runs even without a warm-up
        assertThat(LeadInPolicy.parse("auto", null, NO_WARMUP).auto()).isTrue();
    }

    @Test
    void readsAFixedTimeAndNone() throws PlanException {
        LeadInPolicy fixed = LeadInPolicy.parse("5s", null, AUTO_WARMUP);
        assertThat(fixed.auto()).isFalse();
        assertThat(fixed.fixedSec()).isEqualTo(5);
        assertThat(fixed.describe()).isEqualTo("5s");
        assertThat(LeadInPolicy.parse("none", null, AUTO_WARMUP).none()).isTrue();
        assertThat(LeadInPolicy.parse("0", null, AUTO_WARMUP).describe()).isEqualTo("none");
    }

    @Test
    void theCapIsATimeThatBoundsTheAutomaticLeadIn() throws PlanException {
        assertThat(LeadInPolicy.parse("auto", "90s", AUTO_WARMUP)).isEqualTo(new LeadInPolicy(true, 0, 90));
        assertThat(LeadInPolicy.parse(null, "2m", AUTO_WARMUP).capSec()).isEqualTo(120);
        assertThat(LeadInPolicy.parse("auto", null, AUTO_WARMUP).capSec()).isEqualTo(LeadInPolicy.DEFAULT_CAP_SEC);
        assertThatThrownBy(() -> LeadInPolicy.parse("auto", "0", AUTO_WARMUP))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("--lead-in-cap: '0' is out of range");
        // a bad cap is refused even where no automatic lead-in would use it
        assertThatThrownBy(() -> LeadInPolicy.parse("none", "later", AUTO_WARMUP))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("--lead-in-cap: ");
    }

    @Test
    void badInputSaysWhatItTakes() {
        assertThatThrownBy(() -> LeadInPolicy.parse("soon", null, AUTO_WARMUP))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("--lead-in")
                .hasMessageContaining("(or auto, none)");
    }
}
