package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.common.testing.Eventually;
import io.proxybench.loadtest.frontend.JvmOptionsFiles;
import io.proxybench.loadtest.process.KitLayout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The modern profile's sampling flag, checked on a real JVM of the JDK running the tests: an idle
 * JVM started with it wakes HotSpot's sampler thread about once a second, one started without it
 * (on a JDK that still has the 50 ms sampler) about twenty times. Wake-ups are counted over a window
 * and judged per second of the window as it turned out, however long a busy machine made it.
 */
class PerfDataSamplingTest {

    private static final String SAMPLER_THREAD = "VM Periodic Tas";
    private static final long WINDOW_MS = 2_000;

    @Test
    void theModernProfileWakesTheSamplerAboutOnceASecond() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc");
        assumeTrue(Runtime.version().feature() <= 24, "Java 25 removed the sampler, and jvm.options its flag");
        List<String> modern = JvmOptionsFiles.of(KitLayout.locate()).read(null).netty().stream()
                .filter(a -> a.startsWith("-XX:PerfData"))
                .toList();
        assertThat(modern).containsExactly(JvmProfile.PERF_DATA_SAMPLING);

        WakeUps withFlag = samplerWakeUps(modern);
        assertThat((double) withFlag.count()).as("%s", withFlag).isLessThanOrEqualTo(2 * withFlag.seconds() + 1);
        if (Runtime.version().feature() < 25) {
            // the JDK's own default, so the check above can tell the flag from its absence
            WakeUps without = samplerWakeUps(List.of());
            assertThat((double) without.count()).as("%s", without).isGreaterThanOrEqualTo(10 * without.seconds());
        }
    }

    /** Voluntary context switches of a thread over a window of {@code seconds}. */
    record WakeUps(long count, double seconds) {}

    /** The sampler thread's wake-ups in an idle JVM, counted once its main method runs. */
    private static WakeUps samplerWakeUps(List<String> flags) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms32m",
                "-Xmx32m",
                "-XX:TieredStopAtLevel=1"));
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), IdleJvm.class.getName()));
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            // its start-up wakes the sampler too; count from the moment it is idle
            String output = CompletableFuture.supplyAsync(() -> outputUntilIdle(jvm))
                    .get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS);
            assertThat(output).as("the idle JVM's output").endsWith(IdleJvm.IDLE + "\n");
            Path task = samplerTask(jvm.pid());
            long before = voluntarySwitches(task);
            long start = System.nanoTime();
            Thread.sleep(WINDOW_MS);
            long count = voluntarySwitches(task) - before;
            return new WakeUps(count, (System.nanoTime() - start) / 1e9);
        } finally {
            jvm.destroyForcibly();
            jvm.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** What the JVM printed up to its idle line (a JVM may warn about a flag first), or up to its end. */
    private static String outputUntilIdle(Process jvm) {
        StringBuilder output = new StringBuilder();
        try {
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.append(line).append('\n');
                if (line.equals(IdleJvm.IDLE)) {
                    break;
                }
            }
        } catch (IOException e) {
            output.append("cannot read its output: ").append(e);
        }
        return output.toString();
    }

    private static Path samplerTask(long pid) throws Exception {
        AtomicReference<Path> found = new AtomicReference<>();
        Eventually.holds(() -> {
            Optional<Path> task = Optional.empty();
            try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
                for (Path t : tasks.toList()) {
                    if (Files.readString(t.resolve("comm")).strip().equals(SAMPLER_THREAD)) {
                        task = Optional.of(t);
                    }
                }
            } catch (IOException racedWithThreadStart) {
                // a task listed and gone before it was read: look again
            }
            assertThat(task).as("the %s thread in JVM %d", SAMPLER_THREAD, pid).isPresent();
            found.set(task.orElseThrow());
        });
        return found.get();
    }

    private static long voluntarySwitches(Path task) throws IOException {
        return Files.readAllLines(task.resolve("status")).stream()
                .filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).strip()))
                .findFirst()
                .orElseThrow();
    }

    /** Says so, then sits idle until killed. */
    public static final class IdleJvm {

        static final String IDLE = "idle";

        public static void main(String[] args) throws InterruptedException {
            System.out.println(IDLE);
            Thread.sleep(TimeUnit.MINUTES.toMillis(2));
        }
    }
}
