package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatGroupsTest {

    private static StepRecord step(
            String frontEnd, int connections, Integer repeat, double rps, double p90, String... flags) {
        return new StepRecord(
                frontEnd,
                "netty",
                connections,
                "ok",
                null,
                List.of(flags),
                "2026-11-22T00:00:0" + repeat + "Z",
                5.0,
                new StepRecord.Load((long) (rps * 5), rps),
                new StepRecord.Latency(52.0, 51.0, 52.0, p90, 70.0, 90.0),
                new StepRecord.Errors(0L, 0L, 0L, 0L, 0L),
                new MachineFigures(50.0, 1.0, 1.0, 1000.0, 10.0, 1000.0, null),
                new StepRecord.Processes(80.0, 60.0, 20.0, 300.0, 20, 10.0, 30.0, 1.0, 0.5),
                new JvmFigures(1.0, 2L, 100.0, null),
                new StepRecord.Ceiling(2000.0, rps / 20),
                null,
                null,
                repeat,
                null,
                null,
                null,
                null,
                null);
    }

    private static RunResults run(StepRecord... steps) {
        return new RunResults(null, RunMetadata.builder().build(), List.of(steps), List.of());
    }

    @Test
    void aGroupSumsUpToTheMedianOfEachFigureAndTheRangeAsSpread() {
        RunResults results =
                run(step("netty", 100, 1, 1000, 55), step("netty", 100, 2, 1100, 51), step("netty", 100, 3, 900, 60));

        RepeatGroups.Group group = RepeatGroups.of(results).get(0);
        StepRecord summary = group.summary();

        assertThat(group.repeats()).hasSize(3);
        assertThat(summary.load().rps()).isEqualTo(1000.0);
        assertThat(summary.latency().p90Ms()).isEqualTo(55.0);
        assertThat(summary.load().requests()).isEqualTo(5000L);
        assertThat(summary.processes().proxyThreads()).isEqualTo(20);
        assertThat(summary.jvm().jitMsPerSec()).isNull();
        assertThat(summary.repeat()).isNull();
        // (1100 - 900) / 1000
        assertThat(group.spreadPct(s -> s.load().rps())).isCloseTo(20.0, within(1e-9));
        assertThat(group.spreadPct(s -> s.latency().p90Ms())).isCloseTo(9.0 / 55 * 100, within(1e-9));
    }

    @Test
    void groupsFollowTableOrderAndRepeatsKeepRunOrder() {
        RunResults results = run(
                step("netty", 200, 1, 1, 50),
                step("netty", 100, 1, 2, 50),
                step("netty", 200, 2, 3, 50),
                step("netty", 100, 2, 4, 50));

        List<RepeatGroups.Group> groups = RepeatGroups.of(results);

        assertThat(groups).extracting(RepeatGroups.Group::connections).containsExactly(100, 200);
        assertThat(groups.get(0).values(s -> s.load().rps())).containsExactly(2.0, 4.0);
        assertThat(RepeatGroups.repeats(results.steps())).isEqualTo(2);
        assertThat(results.step("netty", 100).orElseThrow().load().rps()).isEqualTo(3.0);
    }

    @Test
    void aFailedRepeatIsLeftOutOfTheMedianButNamedInTheFlags() {
        StepRecord failed = StepRecord.failed("netty", "netty", 100, "t", "proxy exited with code 137")
                .withRepeat(2);
        RunResults results = run(step("netty", 100, 1, 1000, 50, "timeouts"), failed, step("netty", 100, 3, 1200, 52));

        StepRecord summary = RepeatGroups.of(results).get(0).summary();

        assertThat(summary.ok()).isTrue();
        assertThat(summary.load().rps()).isEqualTo(1100.0);
        assertThat(summary.flags()).containsExactly("timeouts", "1 of 3 repeats failed: proxy exited with code 137");
    }

    @Test
    void eachFlagIsNamedWithTheRepeatsThatRaisedIt() {
        RunResults results = run(
                step("netty", 100, 1, 1000, 55, StepRecord.FLAG_CPU_STOLEN),
                step("netty", 100, 2, 1100, 51, StepRecord.FLAG_JIT_BUSY, StepRecord.FLAG_CPU_STOLEN),
                step("netty", 100, 3, 900, 60, StepRecord.FLAG_CPU_STOLEN),
                step("netty", 200, 1, 1000, 55),
                step("netty", 200, 2, 1000, 55));

        List<RepeatGroups.Group> groups = RepeatGroups.of(results);

        assertThat(groups.get(0).flagsText()).isEqualTo("cpu-stolen in repeats 1, 2 and 3, jit-busy in repeat 2");
        assertThat(groups.get(1).flagsText()).isEmpty();
        assertThat(RepeatGroups.of(run(step("netty", 100, 1, 1000, 55, StepRecord.FLAG_NOT_STEADY)))
                        .get(0)
                        .flagsText())
                .as("a step that ran once")
                .isEqualTo("not-steady");
    }

    @Test
    void everyRepeatFailedIsAFailedRow() {
        RunResults results = run(
                StepRecord.failed("netty", "netty", 100, "t", "boom").withRepeat(1),
                StepRecord.failed("netty", "netty", 100, "t", "bang").withRepeat(2));

        StepRecord summary = RepeatGroups.of(results).get(0).summary();

        assertThat(summary.ok()).isFalse();
        assertThat(summary.failure()).isEqualTo("all 2 repeats failed: boom");
    }

    @Test
    void aRunWithoutRepeatIndexesKeepsTheLastRecordOfAPairAsBefore() {
        RunResults results = run(step("netty", 100, null, 1000, 50), step("netty", 100, null, 2000, 50));

        assertThat(RepeatGroups.repeated(results.steps())).isFalse();
        List<RepeatGroups.Group> groups = RepeatGroups.of(results);
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).summary().load().rps()).isEqualTo(2000.0);
        assertThat(results.step("netty", 100).orElseThrow().load().rps()).isEqualTo(2000.0);
    }

    @Test
    void medianAndSpreadOfPlainValues() {
        assertThat(RepeatGroups.median(List.of(3.0, 1.0, 2.0, 10.0))).isEqualTo(2.5);
        assertThat(RepeatGroups.median(List.of())).isNull();
        assertThat(RepeatGroups.spreadPct(List.of(5.0))).isNull();
        assertThat(RepeatGroups.spreadPct(List.of(0.0, 0.0, 1.0))).isNull();
    }
}
