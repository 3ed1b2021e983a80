package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.common.testing.Eventually;
import io.proxybench.loadtest.proc.ProcessSampler;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scripts the kit sends to a box: POSIX sh as shellcheck reads it, and what they do run here. */
class RemoteScriptsTest {

    private static final CommandRunner RUN = CommandRunner.processes(Duration.ofSeconds(20));

    @Test
    void shellcheckFindsNothingInTheScriptsAsSent(@TempDir Path dir) throws Exception {
        assumeTrue(Executables.find("shellcheck").isPresent(), "shellcheck is not installed (CI installs it)");
        List<String> command = new ArrayList<>(List.of("shellcheck", "-s", "sh"));
        for (String script : List.of(
                RemoteScripts.RUN_ROLE,
                RemoteScripts.STOP_RUNS,
                RemoteScripts.LIST_RUNS,
                RemoteScripts.CHECK_BOX,
                RemoteScripts.SAMPLE_BOX,
                RemoteScripts.SHIP_CHECK,
                RemoteScripts.SHIP_RECEIVE)) {
            Path file = dir.resolve("script-" + command.size() + ".sh");
            Files.writeString(file, script);
            command.add(file.toString());
        }
        CommandRunner.Result result = RUN.run(command);
        assertThat(result.exitCode()).as(result.output()).isZero();
    }

    @Test
    void theSamplersLineGivesARolesCpuTicksAndTheKernelsPartOfThem(@TempDir Path dir) throws Exception {
        // this JVM as the role: its ticks and stime only grow, so the line's lie between two readings of its own
        long pid = ProcessHandle.current().pid();
        Files.writeString(dir.resolve("proxy.pid"), pid + "\n");
        Path stat = Path.of("/proc/self/stat");
        String before = Files.readString(stat);
        Process sampler = new ProcessBuilder("sh", "-c", RemoteScripts.SAMPLE_BOX, "pb", dir.toString(), "lo")
                .redirectErrorStream(true)
                .start();
        String line;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(sampler.getInputStream(), StandardCharsets.UTF_8))) {
            line = out.readLine();
        } finally {
            sampler.destroyForcibly().waitFor();
        }
        String after = Files.readString(stat);

        String role = Arrays.stream(line.split(" "))
                .filter(w -> w.startsWith("proxy="))
                .findFirst()
                .orElseThrow();
        long[] f = Arrays.stream(role.substring("proxy=".length()).split(","))
                .mapToLong(Long::parseLong)
                .toArray();
        assertThat(f).as(line).hasSize(5);
        assertThat(f[0]).isEqualTo(pid);
        assertThat(f[1]).isBetween(ProcessSampler.parseCpuTicks(before), ProcessSampler.parseCpuTicks(after));
        assertThat(f[4]).isBetween(ProcessSampler.parseSysTicks(before), ProcessSampler.parseSysTicks(after));
        assertThat(f[4])
                .as("a JVM that has run tests has spent time in the kernel")
                .isPositive();
    }

    @Test
    void aKilledRunsProcessesAreStoppedAndItsStateRemovedButAnotherRunsAreNot(@TempDir Path dir) throws Exception {
        Path kit = dir.resolve("kit");
        Process left = start(kit, "aaaaaa");
        Process other = start(kit, "bbbbbb");
        try {
            Files.writeString(kit.resolve("runs/aaaaaa/kit"), "box 999999999\n");
            Files.writeString(kit.resolve("runs/bbbbbb/kit"), "box 999999998\n");

            String listed = RUN.run(List.of("sh", "-c", RemoteScripts.LIST_RUNS, "pb", kit.toString()))
                    .output();
            CommandRunner.Result stopped =
                    RUN.run(List.of("sh", "-c", RemoteScripts.STOP_RUNS, "pb", kit.toString(), "aaaaaa"));

            assertThat(listed.lines()).containsExactlyInAnyOrder("aaaaaa box 999999999", "bbbbbb box 999999998");
            assertThat(stopped.output()).startsWith("stopped aaaaaa ");
            assertThat(left.waitFor(10, java.util.concurrent.TimeUnit.SECONDS))
                    .as("the run's wrapper ended")
                    .isTrue();
            assertThat(kit.resolve("runs/aaaaaa")).doesNotExist();
            assertThat(other.isAlive()).isTrue();
            assertThat(kit.resolve("runs/bbbbbb/pids")).exists();
        } finally {
            left.destroyForcibly();
            RUN.run(List.of("sh", "-c", RemoteScripts.STOP_RUNS, "pb", kit.toString(), "bbbbbb"));
            other.destroyForcibly();
        }
    }

    @Test
    void whatARunsProcessesStartedIsStoppedWithThem(@TempDir Path dir) throws Exception {
        Path kit = dir.resolve("kit");
        // As the sampler: a shell whose child is running when the shell is stopped, and would outlive it.
        Process role = start(kit, "cccccc", "sh", "-c", "sleep 60 & wait");
        try {
            Eventually.holds(() -> assertThat(SshLoopbackRunTest.processesOfRun("cccccc"))
                    .as("the shell and its sleep")
                    .hasSize(2));

            RUN.run(List.of("sh", "-c", RemoteScripts.STOP_RUNS, "pb", kit.toString(), "cccccc"));

            assertThat(SshLoopbackRunTest.processesOfRun("cccccc"))
                    .as("processes still naming the run")
                    .isEmpty();
            assertThat(role.waitFor(10, java.util.concurrent.TimeUnit.SECONDS))
                    .as("the run's wrapper ended")
                    .isTrue();
        } finally {
            role.destroyForcibly();
        }
    }

    private static Process start(Path kit, String runId) throws Exception {
        return start(kit, runId, "sleep", "60");
    }

    /** A wrapped command as the kit runs a role, with its pid recorded under the run. */
    private static Process start(Path kit, String runId, String... command) throws Exception {
        List<String> wrapped = new ArrayList<>(List.of(
                "sh",
                "-c",
                RemoteScripts.RUN_ROLE,
                "pb",
                kit.resolve("runs/" + runId).toString(),
                runId,
                "proxy"));
        wrapped.addAll(List.of(command));
        Process process = new ProcessBuilder(wrapped)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectErrorStream(true)
                .start();
        Path pids = kit.resolve("runs/" + runId + "/pids");
        Eventually.holds(() -> assertThat(pids).exists());
        return process;
    }
}
