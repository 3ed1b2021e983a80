package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.loadtest.frontend.JvmOptionsFiles;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The modern profile's sampling flag, checked on a real JVM of the JDK running the tests: an idle
 * JVM started with it wakes HotSpot's sampler thread about once a second, one started without it
 * (on a JDK that still has the 50 ms sampler) about twenty times.
 */
class PerfDataSamplingTest {

    private static final String SAMPLER_THREAD = "VM Periodic Tas";
    private static final long WINDOW_MS = 2_000;

    @Test
    void theModernProfileWakesTheSamplerAboutOnceASecond() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc");
        List<String> modern = JvmOptionsFiles.of(KitLayout.locate()).read(null).netty().stream()
                .filter(a -> a.startsWith("-XX:PerfData"))
                .toList();
        assertThat(modern).containsExactly(JvmProfile.PERF_DATA_SAMPLING);

        long withFlag = samplerWakeUps(modern);
        assertThat(withFlag).isLessThanOrEqualTo(2 * WINDOW_MS / 1000 + 1);
        if (Runtime.version().feature() < 25) {
            // the JDK's own default, so the check above can tell the flag from its absence
            assertThat(samplerWakeUps(List.of())).isGreaterThanOrEqualTo(10 * WINDOW_MS / 1000);
        }
    }

    /** Voluntary context switches of the sampler thread of an idle JVM over the window, once it has started. */
    private static long samplerWakeUps(List<String> flags) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms32m",
                "-Xmx32m",
                "-XX:TieredStopAtLevel=1"));
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), IdleJvm.class.getName()));
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            Path task = samplerTask(jvm.pid());
            long before = voluntarySwitches(task);
            Thread.sleep(WINDOW_MS);
            return voluntarySwitches(task) - before;
        } finally {
            jvm.destroyForcibly();
            jvm.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Path samplerTask(long pid) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
                for (Path task : tasks.toList()) {
                    if (Files.readString(task.resolve("comm")).strip().equals(SAMPLER_THREAD)) {
                        // its first wake-ups come with the JVM's start; count from a settled JVM
                        Thread.sleep(500);
                        return task;
                    }
                }
            } catch (IOException racedWithThreadStart) {
                // a task listed and gone before it was read: look again
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + SAMPLER_THREAD + " thread in JVM " + pid);
    }

    private static long voluntarySwitches(Path task) throws IOException {
        return Files.readAllLines(task.resolve("status")).stream()
                .filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).strip()))
                .findFirst()
                .orElseThrow();
    }

    /** Sits idle until killed. */
    public static final class IdleJvm {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(TimeUnit.MINUTES.toMillis(2));
        }
    }
}
