package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LeadInPolicyTest {

    private static final WarmupPolicy AUTO_WARMUP = new WarmupPolicy(true, 0, 120);
    private static final WarmupPolicy NO_WARMUP = new WarmupPolicy(false, 0, 120);

    @Test
    void leftOutItIsAutoWithAThirtySecondCapUnlessTheWarmUpIsNone() throws PlanException {
        LeadInPolicy auto = LeadInPolicy.parse(null, AUTO_WARMUP);
        assertThat(auto.auto()).isTrue();
        assertThat(auto.capSec()).isEqualTo(30);
        assertThat(auto.describe()).isEqualTo("auto");
        assertThat(LeadInPolicy.parse(null, NO_WARMUP).none()).isTrue();
        // asked for, it runs even without a warm-up
        assertThat(LeadInPolicy.parse("auto", NO_WARMUP).auto()).isTrue();
    }

    @Test
    void readsAFixedTimeAndNone() throws PlanException {
        LeadInPolicy fixed = LeadInPolicy.parse("5s", AUTO_WARMUP);
        assertThat(fixed.auto()).isFalse();
        assertThat(fixed.fixedSec()).isEqualTo(5);
        assertThat(fixed.describe()).isEqualTo("5s");
        assertThat(LeadInPolicy.parse("none", AUTO_WARMUP).none()).isTrue();
        assertThat(LeadInPolicy.parse("0", AUTO_WARMUP).describe()).isEqualTo("none");
    }

    @Test
    void badInputSaysWhatItTakes() {
        assertThatThrownBy(() -> LeadInPolicy.parse("soon", AUTO_WARMUP)).isInstanceOf(PlanException.class)
                .hasMessageContaining("--lead-in").hasMessageContaining("(or auto, none)");
    }
}
