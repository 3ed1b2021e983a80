package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import io.proxybench.loadtest.warmup.SteadyStateDetector.Verdict;
import io.proxybench.loadtest.warmup.WarmupWindow;
import org.junit.jupiter.api.Test;

class StepLeadInTest {

    private static WarmupWindow window(double rps, Double jit) {
        return new WarmupWindow(1.0, rps, jit, 1.0);
    }

    @Test
    void aJvmFrontEndNeedsThreeQuietWindowsInARow() {
        SteadyStateDetector detector = new SteadyStateDetector(StepLeadIn.thresholds(true, 30));
        // the step's new code compiles first (the 310 ms/s of a cold 1000-connection step)
        assertThat(detector.add(window(1000, 310.0))).isEqualTo(Verdict.WARMING);
        assertThat(detector.add(window(1000, 2.0))).isEqualTo(Verdict.WARMING);
        assertThat(detector.add(window(1001, 1.0))).isEqualTo(Verdict.WARMING);
        assertThat(detector.add(window(999, 1.0))).isEqualTo(Verdict.STEADY);
        assertThat(detector.elapsedSec()).isEqualTo(4.0);
    }

    @Test
    void aFrontEndWithoutAJitNeedsOnlyTwoWindowsOfSteadyRequests() {
        SteadyStateDetector detector = new SteadyStateDetector(StepLeadIn.thresholds(false, 30));
        assertThat(detector.add(window(800, null))).isEqualTo(Verdict.WARMING);
        assertThat(detector.add(window(1000, null))).isEqualTo(Verdict.WARMING);
        assertThat(detector.add(window(1005, null))).isEqualTo(Verdict.STEADY);
    }

    @Test
    void aJitThatKeepsCompilingEndsAtTheCapAndFlagsTheStep() {
        SteadyStateDetector detector = new SteadyStateDetector(StepLeadIn.thresholds(true, 3));
        detector.add(window(1000, 50.0));
        detector.add(window(1000, 40.0));
        assertThat(detector.add(window(1000, 30.0))).isEqualTo(Verdict.CAP);
        assertThat(detector.waitingFor()).contains("front end JIT");

        StepRecord step = StepRecord.failed("netty", "netty", 1000, "2026-11-23T00:00:00Z", "x");
        StepRecord capped = StepLeadIn.applyTo(step, new StepRecord.LeadIn(3.0, "cap"));
        assertThat(capped.flags()).containsExactly(StepRecord.FLAG_NOT_STEADY);
        assertThat(capped.leadIn()).isEqualTo(new StepRecord.LeadIn(3.0, "cap"));
        assertThat(StepLeadIn.applyTo(step, new StepRecord.LeadIn(2.0, "steady"))
                        .flags())
                .isEmpty();
        assertThat(StepLeadIn.applyTo(step, null)).isSameAs(step);
    }
}
