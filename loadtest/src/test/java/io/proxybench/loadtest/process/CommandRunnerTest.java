package io.proxybench.loadtest.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandRunnerTest {

    @Test
    void keepsExitCodeAndBothStreams() throws Exception {
        CommandRunner.Result result = CommandRunner.processes(Duration.ofSeconds(10))
                .run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"));

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.ok()).isFalse();
        assertThat(result.output()).contains("out").contains("err");
        assertThat(result.oneLine()).isIn("out; err", "err; out");
    }

    @Test
    void killsACommandThatOutlivesItsTimeLimit() throws Exception {
        long start = System.nanoTime();

        CommandRunner.Result result =
                CommandRunner.processes(Duration.ofMillis(300)).run(List.of("sleep", "30"));

        assertThat(result.exitCode()).isEqualTo(CommandRunner.TIMED_OUT);
        assertThat(result.output()).startsWith("timed out");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }
}
