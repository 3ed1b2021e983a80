package io.proxybench.loadtest.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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
    @Timeout(60) // only a runner that never kills the command takes this long
    void killsACommandThatOutlivesItsTimeLimit() throws Exception {
        Set<ProcessHandle> before = ProcessHandle.current().children().collect(Collectors.toSet());

        // A command that never ends by itself: the run returns only if the runner kills it.
        CommandRunner.Result result =
                CommandRunner.processes(Duration.ofMillis(300)).run(List.of("sleep", "infinity"));

        assertThat(result.exitCode()).isEqualTo(CommandRunner.TIMED_OUT);
        assertThat(result.output()).startsWith("timed out");
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive))
                .as("children left running")
                .allMatch(before::contains);
    }
}
