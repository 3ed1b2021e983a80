package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UndisturbedRepeatsTest {

    private static StepRecord step(String frontEnd, int connections, int repeat, String... flags) {
        return new StepRecord(
                frontEnd,
                "netty",
                connections,
                StepRecord.OK,
                null,
                List.of(flags),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                repeat,
                null,
                null,
                null,
                null,
                null);
    }

    /** Every front end over both steps in each of {@code rounds} repeats, nothing flagged. */
    private static List<StepRecord> clean(int rounds, String... frontEnds) {
        List<StepRecord> steps = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            for (String f : frontEnds) {
                steps.add(step(f, 100, r));
                steps.add(step(f, 400, r));
            }
        }
        return steps;
    }

    private final UndisturbedRepeats threeOfEach =
            new UndisturbedRepeats(3, List.of("nginx", "netty"), List.of(100, 400));

    @Test
    void enoughOnceEveryStepOfEveryRatioHasTheRepeatsAsked() {
        assertThat(threeOfEach.shortOf(clean(2, "nginx", "netty")))
                .containsExactly("netty at 100: 2 of 3", "netty at 400: 2 of 3");
        assertThat(threeOfEach.shortOf(clean(3, "nginx", "netty"))).isEmpty();
    }

    @Test
    void aDisturbingFlagOnEitherSideOfAPairLeavesThatRepeatOut() {
        List<StepRecord> steps = clean(3, "nginx", "netty");
        steps.set(steps.indexOf(step("nginx", 400, 2)), step("nginx", 400, 2, StepRecord.FLAG_CPU_STOLEN));
        steps.set(steps.indexOf(step("netty", 100, 3)), step("netty", 100, 3, StepRecord.FLAG_JIT_BUSY));
        assertThat(threeOfEach.shortOf(steps)).containsExactly("netty at 100: 2 of 3", "netty at 400: 2 of 3");
        steps.addAll(
                clean(1, "nginx", "netty").stream().map(s -> s.withRepeat(4)).toList());
        assertThat(threeOfEach.shortOf(steps)).isEmpty();
    }

    @Test
    void saturationDescribesTheLoadBothSharedAndStillCounts() {
        List<StepRecord> steps = clean(3, "nginx", "netty");
        steps.set(steps.indexOf(step("netty", 400, 1)), step("netty", 400, 1, StepRecord.FLAG_MACHINE_SATURATED));
        assertThat(threeOfEach.shortOf(steps)).isEmpty();
    }

    @Test
    void aFailedStepOrOneNeverRunIsNoRepeat() {
        List<StepRecord> steps = clean(3, "nginx", "netty");
        steps.set(
                steps.indexOf(step("netty", 100, 2)),
                StepRecord.failed("netty", "netty", 100, "2026-11-29T00:00:00Z", "boom")
                        .withRepeat(2));
        steps.remove(step("nginx", 400, 3));
        assertThat(threeOfEach.shortOf(steps)).containsExactly("netty at 100: 2 of 3", "netty at 400: 2 of 3");
    }

    @Test
    void everyFrontEndIsDividedByTheFirst() {
        UndisturbedRepeats three = new UndisturbedRepeats(3, List.of("nginx", "netty", "haproxy"), List.of(100, 400));
        List<StepRecord> steps = clean(3, "nginx", "netty");
        steps.addAll(clean(3, "haproxy").subList(0, 4));
        assertThat(three.shortOf(steps)).containsExactly("haproxy at 100: 2 of 3", "haproxy at 400: 2 of 3");
    }
}
