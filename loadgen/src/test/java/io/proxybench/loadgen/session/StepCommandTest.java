package io.proxybench.loadgen.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadgen.engine.StepPlan;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StepCommandTest {

    private static final StepPlan DEFAULTS =
            new StepPlan("run", 10, Duration.ofSeconds(10), 0, false, Duration.ofSeconds(2));

    @Test
    void stepLineOverridesTheDefaultsItNames() {
        StepCommand.Parsed parsed =
                StepCommand.parse("step connections=400 duration=1.5s timeout=500ms", DEFAULTS, Path.of("out"));
        assertThat(parsed.quit()).isFalse();
        assertThat(parsed.plan())
                .isEqualTo(new StepPlan("400", 400, Duration.ofMillis(1500), 0, false, Duration.ofMillis(500)));
        assertThat(parsed.out()).isEqualTo(Path.of("out"));
    }

    @Test
    void openModelAndChurnAndAnOwnDirectory() {
        StepCommand.Parsed parsed =
                StepCommand.parse("  step rate=2000 connections=50 mode=churn out=/tmp/x name=warmup ", DEFAULTS, null);
        assertThat(parsed.plan().openModel()).isTrue();
        assertThat(parsed.plan().rate()).isEqualTo(2000);
        assertThat(parsed.plan().churn()).isTrue();
        assertThat(parsed.plan().name()).isEqualTo("warmup");
        assertThat(parsed.out()).isEqualTo(Path.of("/tmp/x"));
        assertThat(StepCommand.parse("step rate=250", DEFAULTS, null).plan().name())
                .isEqualTo("rate-250");
    }

    @Test
    void quitBlankAndComments() {
        assertThat(StepCommand.parse("quit", DEFAULTS, null).quit()).isTrue();
        assertThat(StepCommand.parse("", DEFAULTS, null).plan()).isNull();
        assertThat(StepCommand.parse("# a comment", DEFAULTS, null).plan()).isNull();
    }

    @Test
    void badLinesSayWhatIsWrong() {
        assertThatThrownBy(() -> StepCommand.parse("go", DEFAULTS, null)).hasMessageContaining("unknown command 'go'");
        assertThatThrownBy(() -> StepCommand.parse("step conections=5", DEFAULTS, null))
                .hasMessageContaining("unknown key 'conections'");
        assertThatThrownBy(() -> StepCommand.parse("step connections=x", DEFAULTS, null))
                .hasMessageContaining("whole number");
        assertThatThrownBy(() -> StepCommand.parse("step connections=0", DEFAULTS, null))
                .hasMessageContaining("connections must be within");
        assertThatThrownBy(() -> StepCommand.parse("step duration=soon", DEFAULTS, null))
                .hasMessageContaining("not a duration");
        assertThatThrownBy(() -> StepCommand.parse("step duration=2h", DEFAULTS, null))
                .hasMessageContaining("at most 1h");
        assertThatThrownBy(() -> StepCommand.parse("step mode=pipelined", DEFAULTS, null))
                .hasMessageContaining("keepalive or churn");
        assertThatThrownBy(() -> StepCommand.parse("step rate=1 rate=2", DEFAULTS, null))
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> StepCommand.parse("step name=../x", DEFAULTS, null))
                .hasMessageContaining("step name");
    }

    @Test
    void durationsInTheSharedGrammar() {
        assertThatThrownBy(() -> DurationText.parse("10")).hasMessageContaining("'10' is not a duration");
        assertThatThrownBy(() -> DurationText.parse("25h")).hasMessageContaining("longer than a day");
        assertThat(DurationText.parse("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(DurationText.parse("0")).isEqualTo(Duration.ZERO);
        assertThat(DurationText.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationText.parse("250ms")).isEqualTo(Duration.ofMillis(250));
    }
}
