package io.proxybench.loadtest.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.common.testing.Eventually;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessSamplerTest {

    @Test
    void cpuTicksAreUtimePlusStime() {
        // fields 14 and 15 of the captured stub-origin: 187 + 13, one second later 226 + 18
        assertThat(ProcessSampler.parseCpuTicks(ProcFixtures.read("pid_stat.0")))
                .isEqualTo(200);
        assertThat(ProcessSampler.parseCpuTicks(ProcFixtures.read("pid_stat.1")))
                .isEqualTo(244);
    }

    @Test
    void sysTicksAreStimeAlone() {
        assertThat(ProcessSampler.parseSysTicks(ProcFixtures.read("pid_stat.0")))
                .isEqualTo(13);
        assertThat(ProcessSampler.parseSysTicks(ProcFixtures.read("pid_stat.1")))
                .isEqualTo(18);
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        String stat = "4242 (a (weird) name) S 1 1 1 0 -1 0 0 0 0 0 31 7 0 0 20 0 1 0 100 0 0";
        assertThat(ProcessSampler.parseCpuTicks(stat)).isEqualTo(38);
        assertThat(ProcessSampler.parseSysTicks(stat)).isEqualTo(7);
    }

    @Test
    void theKernelsPartIsOfOneCoreLikeTheWhole() {
        ProcessSampler.Usage before = new ProcessSampler.Usage(7, 200, 13, 0, 0);
        ProcessSampler.Usage after = new ProcessSampler.Usage(7, 244, 18, 0, 0);
        assertThat(after.sysCpuPctSince(before, 0.5, 100)).isCloseTo(10.0, within(1e-9));
        assertThat(new ProcessSampler.Usage(8, 244, 18, 0, 0).sysCpuPctSince(before, 1.0, 100))
                .isNull();
    }

    @Test
    void cpuPercentIsOfOneCore() {
        ProcessSampler.Usage before = new ProcessSampler.Usage(7, 200, 0, 0, 0);
        ProcessSampler.Usage after = new ProcessSampler.Usage(7, 244, 0, 0, 0);
        assertThat(after.cpuPctSince(before, 1.0, 100)).isCloseTo(44.0, within(1e-9));
        assertThat(after.cpuPctSince(before, 0.5, 100)).isCloseTo(88.0, within(1e-9));
        // two busy cores read as 200 %
        assertThat(new ProcessSampler.Usage(7, 400, 0, 0, 0).cpuPctSince(before, 1.0, 100))
                .isCloseTo(200.0, within(1e-9));
    }

    @Test
    void readingsOfDifferentProcessesGiveNoRate() {
        ProcessSampler.Usage before = new ProcessSampler.Usage(7, 200, 0, 0, 0);
        assertThat(new ProcessSampler.Usage(8, 244, 0, 0, 0).cpuPctSince(before, 1.0, 100))
                .isNull();
        assertThat(new ProcessSampler.Usage(7, 244, 0, 0, 0).cpuPctSince(null, 1.0, 100))
                .isNull();
    }

    @Test
    void rssAndThreadsComeFromStatus() {
        String status = ProcFixtures.read("pid_status.0");
        assertThat(ProcessSampler.statusField(status, "VmRSS:")).isEqualTo(114720);
        assertThat(ProcessSampler.statusField(status, "Threads:")).isEqualTo(22);
        assertThat(ProcessSampler.statusField("Name:\tkthreadd\n", "VmRSS:")).isZero();
    }

    @Test
    void aThreadsNameIsTheFieldInParentheses() {
        assertThat(ProcessSampler.parseName("4243 (C2 CompilerThre) S 1 1 1 0 -1 0 0 0 0 0 31 7 0 0"))
                .isEqualTo("C2 CompilerThre");
        assertThat(ProcessSampler.parseName("4244 (a (weird) name) S 1")).isEqualTo("a (weird) name");
    }

    private static void task(Path proc, long pid, long tid, String name, long utime, long stime) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
        Files.writeString(
                dir.resolve("stat"),
                tid + " (" + name + ") S 1 1 1 0 -1 0 0 0 0 0 " + utime + " " + stime + " 0 0 20 0 1 0 100 0 0");
    }

    @Test
    void aJvmsCompilerAndCollectorTimeComeFromItsThreads(@TempDir Path proc) throws IOException {
        // this test's own JVM stands for the front end; its /proc here is made up
        long pid = ProcessHandle.current().pid();
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (java) S 1 1 1 0 -1 0 0 0 0 0 400 120 0 0 20 0 6 0 100 0 0");
        Files.writeString(dir.resolve("status"), "Name:\tjava\nVmRSS:\t  102400 kB\nThreads:\t6\n");
        task(proc, pid, pid, "java", 2, 1);
        task(proc, pid, pid + 1, "proxy-inbound-1", 200, 90);
        task(proc, pid, pid + 2, "C2 CompilerThre", 80, 3);
        task(proc, pid, pid + 3, "C1 CompilerThre", 15, 1);
        task(proc, pid, pid + 4, "GC Thread#0", 20, 4);
        task(proc, pid, pid + 5, "VM Thread", 3, 1);

        ProcessSampler sampler = new ProcessSampler(proc);
        ProcessSampler.Usage usage = sampler.readWithThreadRoles(ProcessHandle.current());
        assertThat(usage.cpuTicks()).isEqualTo(520);
        assertThat(usage.compilerTicks()).isEqualTo(99);
        assertThat(usage.gcTicks()).isEqualTo(24);
        // the one-second readings do not list threads
        ProcessSampler.Usage plain = sampler.read(ProcessHandle.current());
        assertThat(plain.cpuTicks()).isEqualTo(520);
        assertThat(plain.compilerTicks()).isNull();
        assertThat(plain.gcTicks()).isNull();
    }

    private static void scheduled(Path proc, long pid, long tid, String name, long runNanos) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
        Files.writeString(dir.resolve("comm"), name + "\n");
        Files.writeString(dir.resolve("schedstat"), runNanos + " 81234 57\n");
    }

    @Test
    void aJvmsCompilerTimeToTheNanosecondComesFromItsCompilerThreadsSchedstat(@TempDir Path proc) throws IOException {
        long pid = ProcessHandle.current().pid();
        scheduled(proc, pid, pid, "java", 1_000);
        scheduled(proc, pid, pid + 1, "proxy-inbound-1", 5_000_000_000L);
        scheduled(proc, pid, pid + 2, "C2 CompilerThre", 2_500_000_000L);
        scheduled(proc, pid, pid + 3, "C1 CompilerThre", 400_000_123L);
        scheduled(proc, pid, pid + 4, "GC Thread#0", 7_000_000L);

        assertThat(new ProcessSampler(proc).compilerNanos(ProcessHandle.current()))
                .isEqualTo(2_900_000_123L);
    }

    @Test
    void aProcessWithoutCompilerThreadsHasNoCompilerTime(@TempDir Path proc) throws IOException {
        long pid = ProcessHandle.current().pid();
        scheduled(proc, pid, pid, "nginx", 3_000_000L);
        scheduled(proc, pid, pid + 1, "nginx", 9_000_000L);

        assertThat(new ProcessSampler(proc).compilerNanos(ProcessHandle.current()))
                .as("nginx, or a JVM on another machine: the JVM's own count must be read instead")
                .isNull();
        assertThat(new ProcessSampler(proc.resolve("elsewhere")).compilerNanos(ProcessHandle.current()))
                .as("a process gone")
                .isNull();
    }

    @Test
    void aLiveJvmsCompilerThreadsHaveRun() {
        Long nanos = new ProcessSampler(Path.of("/proc")).compilerNanos(ProcessHandle.current());
        // this JVM compiled the test framework's code before it got here
        assertThat(nanos).isNotNull().isPositive();
    }

    @Test
    void aLiveJvmsCompilerThreadsAreFoundAndTheirTimeIsPartOfTheWhole() {
        ProcessSampler.Usage usage = new ProcessSampler(Path.of("/proc")).readWithThreadRoles(ProcessHandle.current());
        assertThat(usage.compilerTicks()).isNotNull().isNotNegative();
        assertThat(usage.gcTicks()).isNotNull().isNotNegative();
        assertThat(usage.compilerTicks() + usage.gcTicks()).isLessThanOrEqualTo(usage.cpuTicks());
    }

    @Test
    void sumsTheWholeTreeOfALiveProcess() throws Exception {
        Process shell = new ProcessBuilder("sh", "-c", "sleep 30 & sleep 30 & wait").start();
        try {
            Eventually.holds(() -> assertThat(shell.toHandle().children()).hasSize(2));
            ProcessSampler.Usage usage = new ProcessSampler(Path.of("/proc")).read(shell.toHandle());
            assertThat(usage).isNotNull();
            assertThat(usage.rootPid()).isEqualTo(shell.pid());
            assertThat(usage.threads()).isEqualTo(3);
            assertThat(usage.rssKb()).isPositive();
            assertThat(usage.sysTicks()).isBetween(0L, usage.cpuTicks());
        } finally {
            shell.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly().waitFor();
        }
        assertThat(new ProcessSampler(Path.of("/proc")).read(shell.toHandle())).isNull();
    }
}
