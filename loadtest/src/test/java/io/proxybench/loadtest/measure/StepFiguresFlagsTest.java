package io.proxybench.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.generator.ErrorCounts;
import org.junit.jupiter.api.Test;

/** The flags a step's figures raise, from the figures alone. */
class StepFiguresFlagsTest {

    @Test
    void flags() {
        // two wrk threads near two full cores
        assertThat(StepFigures.flags(ErrorCounts.NONE, 185.0, 2, 60.0, null, null, null))
                .containsExactly("generator-saturated");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 175.0, 2, 60.0, null, null, null))
                .isEmpty();
        // or the whole machine at 95 %
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 96.0, null, null, null))
                .containsExactly("machine-saturated");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 185.0, 2, 96.0, null, null, null))
                .containsExactly("generator-saturated", "machine-saturated");
        assertThat(StepFigures.flags(new ErrorCounts(1, 0, 0, 0, 0), null, 2, null, null, null, null))
                .containsExactly("socket-errors");
        assertThat(StepFigures.flags(new ErrorCounts(0, 1, 0, 0, 3), null, 2, null, null, null, null))
                .containsExactly("socket-errors", "timeouts");
        assertThat(StepFigures.flags(new ErrorCounts(0, 0, 0, 5, 0), null, 2, null, null, null, null))
                .containsExactly("http-errors");
        // a neighbour on the host took a share of the cores: flagged from 1 % of all of them
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, 1.0, null, null))
                .containsExactly("cpu-stolen");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, 0.9, null, null))
                .isEmpty();
    }

    @Test
    void aStepWhoseFrontEndStillCompilesIsFlagged() {
        // at the warm-up's quiet line (5 ms/s) and above: the JIT's CPU is in the step's figures
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, 17.6, null))
                .containsExactly("jit-busy");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, 5.0, null))
                .containsExactly("jit-busy");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, 4.9, null))
                .isEmpty();
        // nginx and HAProxy have no JIT to measure
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, null, null))
                .isEmpty();
    }

    @Test
    void aStepWhoseCpuIsATenthCompilationIsFlaggedBelowTheQuietLine() {
        // 200 req/s: 4.9 ms/s of compiling is a quarter of a 100 µs request's CPU, where at
        // 20,000 req/s it is 1 %
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, 4.9, 0.25))
                .containsExactly("jit-busy");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, 4.9, 0.10))
                .containsExactly("jit-busy");
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, 4.9, 0.09))
                .isEmpty();
        assertThat(StepFigures.flags(ErrorCounts.NONE, 20.0, 2, 40.0, null, null, 0.12))
                .containsExactly("jit-busy");
    }
}
