package io.proxybench.loadtest.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class HolmCorrectionTest {

    @Test
    void theSmallestIsMultipliedByTheFamilyAndTheRestStayInOrder() {
        double[] adjusted = HolmCorrection.adjust(new double[] {0.01, 0.04, 0.03, 0.005});

        // sorted: 0.005×4 = 0.02, 0.01×3 = 0.03, 0.03×2 = 0.06, 0.04×1 = 0.04 → kept at 0.06
        assertThat(adjusted[0]).isCloseTo(0.03, within(1e-12));
        assertThat(adjusted[1]).isCloseTo(0.06, within(1e-12));
        assertThat(adjusted[2]).isCloseTo(0.06, within(1e-12));
        assertThat(adjusted[3]).isCloseTo(0.02, within(1e-12));
    }

    @Test
    void anAdjustedPNeverExceedsOne() {
        assertThat(HolmCorrection.adjust(new double[] {0.5, 0.6, 0.9})).containsOnly(1.0);
    }
}
