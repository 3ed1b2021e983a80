package io.proxybench.loadtest.generator.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StepSplitTest {

    @Test
    void givesEachBoxNOverKAndTheRemainderToTheFirstOnes() {
        assertThat(StepSplit.shares(10, 3)).containsExactly(4, 3, 3);
        assertThat(StepSplit.shares(11, 3)).containsExactly(4, 4, 3);
        assertThat(StepSplit.shares(40, 2)).containsExactly(20, 20);
        assertThat(StepSplit.shares(7, 1)).containsExactly(7);
        assertThat(StepSplit.shares(3, 3)).containsExactly(1, 1, 1);
    }

    @Test
    void refusesAStepSmallerThanTheNumberOfBoxesWithOneLine() {
        assertThat(StepSplit.check(List.of(50, 2, 100), 3))
                .hasValueSatisfying(line -> assertThat(line)
                        .isEqualTo("step 2 is smaller than the 3 generator boxes it is split across"
                                + " (each box needs at least one connection, or 1 req/s in the open model)"));
        assertThat(StepSplit.check(List.of(3, 100), 3)).isEmpty();
        assertThatThrownBy(() -> StepSplit.shares(1, 2)).hasMessageStartingWith("step 1 is smaller than the 2");
    }

    @Test
    void tablesEveryStepsSharesForRunJson() {
        assertThat(StepSplit.table(List.of(21, 40), 2))
                .containsExactly(
                        java.util.Map.entry("21", List.of(11, 10)), java.util.Map.entry("40", List.of(20, 20)));
    }
}
