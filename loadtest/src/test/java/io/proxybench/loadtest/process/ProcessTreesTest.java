package io.proxybench.loadtest.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessTreesTest {

    @Test
    void terminatesTheChildrenToo() throws Exception {
        Process shell = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60 & wait").start();
        awaitChildren(shell, 2);
        List<ProcessHandle> tree = ProcessTrees.tree(shell.toHandle());
        assertThat(tree).hasSize(3);
        assertThat(ProcessTrees.terminate(shell.toHandle(), Duration.ofSeconds(5)))
                .isTrue();
        assertThat(tree).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void killsWhatIgnoresSigterm() throws Exception {
        Process stubborn = new ProcessBuilder("sh", "-c", "trap '' TERM; sleep 60 & wait").start();
        // the trap is set before the child starts
        awaitChildren(stubborn, 1);
        List<ProcessHandle> tree = ProcessTrees.tree(stubborn.toHandle());
        // sleep itself dies on SIGTERM; the shell ignores it and must be killed after the grace period
        assertThat(ProcessTrees.terminate(stubborn.toHandle(), Duration.ofMillis(500)))
                .isFalse();
        assertThat(tree).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void aChildProcessWaitsForItsReadyLineAndQuotesStderrWhenItDies(@TempDir Path dir) throws Exception {
        try (ChildProcessRegistry registry = new ChildProcessRegistry()) {
            ChildProcess ready = ChildProcess.start(
                    "server",
                    List.of("sh", "-c", "echo noise; echo 'listening port=1234 admin=5'; sleep 60"),
                    Map.of(),
                    dir.resolve("out.log"),
                    dir.resolve("err.log"),
                    registry,
                    line -> line.startsWith("listening"));
            assertThat(ready.awaitReady(Duration.ofSeconds(10))).isEqualTo("listening port=1234 admin=5");
            ready.stop(Duration.ofSeconds(5));
            assertThat(ready.isAlive()).isFalse();

            ChildProcess failing = ChildProcess.start(
                    "proxy",
                    List.of("sh", "-c", "echo 'proxy: unknown key workers.x=1' >&2; exit 2"),
                    Map.of(),
                    dir.resolve("out2.log"),
                    dir.resolve("err2.log"),
                    registry,
                    line -> false);
            try {
                failing.awaitReady(Duration.ofSeconds(10));
                throw new AssertionError("expected a start failure");
            } catch (ProcessStartException e) {
                assertThat(e.getMessage())
                        .isEqualTo("proxy exited with code 2 before it was ready:" + " proxy: unknown key workers.x=1");
            }
        }
    }

    @Test
    void theRegistryStopsWhatIsStillRunning(@TempDir Path dir) throws Exception {
        ChildProcess child;
        try (ChildProcessRegistry registry = new ChildProcessRegistry()) {
            child = ChildProcess.start(
                    "sleeper",
                    List.of("sleep", "60"),
                    Map.of(),
                    dir.resolve("o"),
                    dir.resolve("e"),
                    registry,
                    line -> false);
            assertThat(child.isAlive()).isTrue();
        }
        assertThat(child.isAlive()).isFalse();
    }

    /** Waits until the shell has started its background children. */
    private static void awaitChildren(Process shell, int children) throws Exception {
        Eventually.holds(() -> assertThat(shell.toHandle().children()).hasSize(children));
    }
}
