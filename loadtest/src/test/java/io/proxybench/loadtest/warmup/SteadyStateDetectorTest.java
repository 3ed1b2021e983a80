package io.proxybench.loadtest.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.warmup.SteadyStateDetector.Thresholds;
import io.proxybench.loadtest.warmup.SteadyStateDetector.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateDetectorTest {

    private static final Thresholds RULE = new Thresholds(5, 5.0, 0.03, 120);

    /** Feeds the windows and returns the verdict after each. */
    private static List<Verdict> verdicts(SteadyStateDetector detector, List<WarmupWindow> windows) {
        List<Verdict> out = new ArrayList<>();
        for (WarmupWindow w : windows) {
            out.add(detector.add(w));
        }
        return out;
    }

    private static WarmupWindow second(double rps, Double jit, Double originJit) {
        return new WarmupWindow(1.0, rps, jit, originJit);
    }

    @Test
    void quietJitAndStableRateIsSteadyOnceTheWindowsAreFull() {
        List<WarmupWindow> series = new ArrayList<>();
        // a JVM's first seconds: hundreds of ms/s of compiling, req/s climbing
        double[] jit = {480, 260, 120, 40, 12, 3, 2, 1, 0.5, 0, 0, 0};
        double[] rps = {1200, 1650, 1880, 1950, 1975, 1985, 1990, 1988, 1992, 1987, 1991, 1989};
        for (int i = 0; i < jit.length; i++) {
            series.add(second(rps[i], jit[i], 0.5));
        }
        SteadyStateDetector detector = new SteadyStateDetector(RULE);

        List<Verdict> verdicts = verdicts(detector, series);

        // seconds 6..10 (index 5..9) are the first five quiet ones
        assertThat(verdicts.subList(0, 9)).containsOnly(Verdict.WARMING);
        assertThat(verdicts.subList(9, 12)).containsOnly(Verdict.STEADY);
        assertThat(detector.waitingFor()).isNull();
        assertThat(detector.elapsedSec()).isEqualTo(12.0);
    }

    @Test
    void aJitStillCompilingIsNotSteadyEvenAtAFlatRate() {
        SteadyStateDetector detector = new SteadyStateDetector(RULE);
        List<WarmupWindow> series = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // the closed model's ceiling holds req/s flat while the proxy still compiles
            series.add(second(1990, i % 3 == 0 ? 25.0 : 1.0, 0.0));
        }

        assertThat(verdicts(detector, series)).containsOnly(Verdict.WARMING);
        assertThat(detector.waitingFor()).startsWith("front end JIT");
    }

    @Test
    void theOriginsJitCountsToo() {
        SteadyStateDetector detector = new SteadyStateDetector(RULE);
        List<WarmupWindow> series = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            series.add(second(1990, 0.0, i < 8 ? 30.0 : 0.0));
        }

        assertThat(verdicts(detector, series)).containsOnly(Verdict.WARMING);
        assertThat(detector.waitingFor()).startsWith("origin JIT");
    }

    @Test
    void aDriftingRateIsNotSteadyWithAQuietJit() {
        SteadyStateDetector detector = new SteadyStateDetector(RULE);
        List<WarmupWindow> series = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            series.add(second(1500 + 40 * i, 0.0, 0.0));
        }

        assertThat(verdicts(detector, series)).containsOnly(Verdict.WARMING);
        assertThat(detector.waitingFor()).startsWith("req/s within 3 %");
    }

    @Test
    void withoutAJitTheRateAloneDecidesAfterTheShortestWarmUp() {
        SteadyStateDetector detector = new SteadyStateDetector(RULE);
        List<WarmupWindow> series = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            // nginx: nothing to compile, no figure
            series.add(second(2000 + (i % 2 == 0 ? 15 : -15), null, null));
        }

        List<Verdict> verdicts = verdicts(detector, series);

        assertThat(verdicts.subList(0, 4)).containsOnly(Verdict.WARMING);
        assertThat(verdicts.get(4)).isEqualTo(Verdict.STEADY);
    }

    @Test
    void noCompletedRequestsIsNeverSteady() {
        SteadyStateDetector detector = new SteadyStateDetector(RULE);
        List<WarmupWindow> series = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            series.add(second(0, 0.0, 0.0));
        }

        assertThat(verdicts(detector, series)).containsOnly(Verdict.WARMING);
        assertThat(detector.waitingFor()).isEqualTo("requests to complete");
    }

    @Test
    void theCapEndsAWarmUpThatNeverSettles() {
        SteadyStateDetector detector = new SteadyStateDetector(new Thresholds(5, 5.0, 0.03, 30));
        List<Verdict> verdicts = new ArrayList<>();
        int windows = 0;
        while (verdicts.isEmpty() || verdicts.get(verdicts.size() - 1) == Verdict.WARMING) {
            verdicts.add(detector.add(new WarmupWindow(2.0, 1990, 20.0, 0.0)));
            windows++;
            assertThat(windows).as("the cap must end it").isLessThan(100);
        }

        assertThat(verdicts.get(verdicts.size() - 1)).isEqualTo(Verdict.CAP);
        assertThat(detector.elapsedSec()).isEqualTo(30.0);
        assertThat(detector.waitingFor()).startsWith("front end JIT 20.0 ms/s");
    }

    @Test
    void steadyOnTheLastWindowBeforeTheCapIsSteadyNotCap() {
        SteadyStateDetector detector = new SteadyStateDetector(new Thresholds(5, 5.0, 0.03, 5));
        Verdict last = null;
        for (int i = 0; i < 5; i++) {
            last = detector.add(second(1000, 0.0, 0.0));
        }

        assertThat(last).isEqualTo(Verdict.STEADY);
    }

    @Test
    void aRestartWantsAllItsWindowsAgainWithinTheSameCap() {
        SteadyStateDetector detector = new SteadyStateDetector(new Thresholds(5, 5.0, 0.03, 12));
        for (int i = 0; i < 5; i++) {
            detector.add(second(1990, 0.0, 0.0));
        }
        assertThat(detector.waitingFor()).isNull();

        detector.restart();

        assertThat(detector.waitingFor()).isEqualTo("5 more windows");
        List<Verdict> after = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            after.add(detector.add(second(1990, 0.0, 0.0)));
        }
        assertThat(after.subList(0, 4)).containsOnly(Verdict.WARMING);
        assertThat(after.subList(4, 7)).containsOnly(Verdict.STEADY);
        assertThat(detector.elapsedSec())
                .as("time before the restart still counts")
                .isEqualTo(12.0);
    }

    @Test
    void aRestartNearTheCapEndsAtTheCap() {
        SteadyStateDetector detector = new SteadyStateDetector(new Thresholds(5, 5.0, 0.03, 7));
        for (int i = 0; i < 5; i++) {
            detector.add(second(1990, 0.0, 0.0));
        }
        detector.restart();

        assertThat(detector.add(second(1990, 0.0, 0.0))).isEqualTo(Verdict.WARMING);
        assertThat(detector.add(second(1990, 0.0, 0.0))).isEqualTo(Verdict.CAP);
        assertThat(detector.waitingFor()).isEqualTo("3 more windows");
    }
}
