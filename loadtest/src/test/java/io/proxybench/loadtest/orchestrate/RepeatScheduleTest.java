package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.plan.FrontEndListParser;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RepeatPolicy;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.results.StepRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatScheduleTest {

    private static RunPlan plan(String frontEnds, int repeat) throws PlanException {
        return RunPlan.builder()
                .frontEnds(FrontEndListParser.parse(frontEnds))
                .repeats(new RepeatPolicy(repeat, 0))
                .build();
    }

    private static List<String> order(RunPlan plan) {
        return RepeatSchedule.of(plan).stream()
                .map(t -> t.spec().label() + "#" + t.repeat())
                .toList();
    }

    @Test
    void repeatsInterleaveFrontEndsSoThatDriftHitsAllAlike() throws PlanException {
        assertThat(order(plan("netty,tomcat,netty[workers.stage=8]", 3)))
                .containsExactly(
                        "netty#1",
                        "tomcat#1",
                        "netty[workers.stage=8]#1",
                        "netty#2",
                        "tomcat#2",
                        "netty[workers.stage=8]#2",
                        "netty#3",
                        "tomcat#3",
                        "netty[workers.stage=8]#3");
    }

    @Test
    void anAlternatingScheduleReversesEverySecondRound() throws PlanException {
        RunPlan plan = RunPlan.builder()
                .frontEnds(FrontEndListParser.parse("netty,netty[workers.inbound=2]"))
                .repeats(new RepeatPolicy(4, 0, true))
                .build();

        assertThat(order(plan))
                .containsExactly(
                        "netty#1",
                        "netty[workers.inbound=2]#1",
                        "netty[workers.inbound=2]#2",
                        "netty#2",
                        "netty#3",
                        "netty[workers.inbound=2]#3",
                        "netty[workers.inbound=2]#4",
                        "netty#4");
    }

    @Test
    void withoutRepeatsEachFrontEndRunsOnceInDeclaredOrder() throws PlanException {
        assertThat(order(plan("tomcat,netty", 1))).containsExactly("tomcat#1", "netty#1");
    }

    @Test
    void progressLinesNameTheRepeatOnlyInARepeatedRun() {
        StepRecord failed = StepRecord.failed("netty", "netty", 700, "2026-11-22T00:00:00Z", "boom")
                .withRepeat(2);

        assertThat(ProgressLine.of(failed, "conns", 3)).isEqualTo("[netty] 700 conns, repeat 2/3: failed: boom");
        assertThat(ProgressLine.of(failed.withRepeat(1), "conns", 1)).isEqualTo("[netty] 700 conns: failed: boom");
        assertThat(ProgressLine.turn(2, 3, "tomcat")).isEqualTo("repeat 2/3: tomcat");
    }
}
