package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StepListParserTest {

    @Test
    void stepsInTheGivenOrder() throws PlanException {
        assertThat(StepListParser.steps("700, 900,2000")).containsExactly(700, 900, 2000);
        assertThat(StepListParser.steps("400,100")).containsExactly(400, 100);
    }

    @Test
    void rampIncludesItsEndOffTheGrid() throws PlanException {
        // the reference ramp: 700 to 1900 by 200, then 2000
        assertThat(StepListParser.ramp("700:2000:200")).containsExactly(700, 900, 1100, 1300, 1500, 1700, 1900, 2000);
        assertThat(StepListParser.ramp("100:500:200")).containsExactly(100, 300, 500);
        assertThat(StepListParser.ramp("50:50:10")).containsExactly(50);
    }

    @Test
    void badSteps() {
        assertThatThrownBy(() -> StepListParser.steps("10,abc"))
                .hasMessage("--steps: 'abc' is not a whole number of connections");
        assertThatThrownBy(() -> StepListParser.steps("0")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> StepListParser.steps("10,10")).hasMessage("--steps: 10 is listed twice");
        assertThatThrownBy(() -> StepListParser.steps("")).hasMessageContaining("is not a whole number");
    }

    @Test
    void badRamps() {
        assertThatThrownBy(() -> StepListParser.ramp("700:2000")).hasMessageContaining("expected start:end:increment");
        assertThatThrownBy(() -> StepListParser.ramp("2000:700:200")).hasMessage("--ramp: end 700 is below start 2000");
        assertThatThrownBy(() -> StepListParser.ramp("1:100000:1")).hasMessageContaining("more than 500 steps");
        assertThatThrownBy(() -> StepListParser.ramp("1:10:0")).hasMessageContaining("--ramp increment");
    }
}
