package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.proc.ProcessSampler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A warm-up's windows read the JIT as the step's jit-busy flag does, where they can. */
class JitTimeGaugeTest {

    private static final long PID = ProcessHandle.current().pid();

    private static void compilerThread(Path proc, long runNanos) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(PID + "/task/" + (PID + 1)));
        Files.writeString(dir.resolve("comm"), "C2 CompilerThre\n");
        Files.writeString(dir.resolve("schedstat"), runNanos + " 0 1\n");
    }

    /** The JVM's own count, which reads high on a busy machine; remembers that it was asked. */
    private static final class Count implements Supplier<Double> {
        final List<Double> given = new ArrayList<>();
        double next = 1000;

        @Override
        public Double get() {
            next += 12;
            given.add(next);
            return next;
        }
    }

    @Test
    void aJvmRunningHereIsReadAsItsCompilerThreadsCpu(@TempDir Path proc) throws IOException {
        compilerThread(proc, 40_000_000L);
        Count count = new Count();
        JitTimeGauge gauge = new JitTimeGauge(new ProcessSampler(proc), ProcessHandle.current(), count);

        assertThat(window(gauge, proc, 43_500_000L))
                .as("3.5 ms of compiler CPU, not the count's 12")
                .isEqualTo(3.5);
        assertThat(gauge.source()).isEqualTo(JitTimeGauge.Source.COMPILER_CPU);
        assertThat(count.given).as("the count is not read").isEmpty();
    }

    @Test
    void aJvmWithoutCompilerThreadsHereIsReadAsItsOwnCountForTheWholeSeries(@TempDir Path proc) throws IOException {
        Count count = new Count();
        JitTimeGauge gauge = new JitTimeGauge(new ProcessSampler(proc), ProcessHandle.current(), count);

        // a compiler thread showing up later must not turn a count into CPU between two windows
        assertThat(window(gauge, proc, 40_000_000L)).isEqualTo(12.0);
        assertThat(gauge.source()).isEqualTo(JitTimeGauge.Source.JVM_COUNT);
    }

    /** What one window reads: a reading, the compiler thread then at {@code nanos}, a second reading. */
    private static double window(JitTimeGauge gauge, Path proc, long nanos) throws IOException {
        Double first = gauge.readMs();
        compilerThread(proc, nanos);
        return gauge.readMs() - first;
    }

    @Test
    void aJvmNotStartedHereIsReadAsItsOwnCount() {
        Count count = new Count();
        JitTimeGauge gauge = new JitTimeGauge(new ProcessSampler(Path.of("/proc")), null, count);

        assertThat(gauge.source()).as("nothing read yet").isNull();
        assertThat(gauge.readMs()).isEqualTo(1012.0);
        assertThat(gauge.source()).isEqualTo(JitTimeGauge.Source.JVM_COUNT);
    }

    @Test
    void aCompilerThatCannotBeReadAnyMoreGivesNoFigureRatherThanTheCount(@TempDir Path proc) throws IOException {
        compilerThread(proc, 40_000_000L);
        Count count = new Count();
        JitTimeGauge gauge = new JitTimeGauge(new ProcessSampler(proc), ProcessHandle.current(), count);
        gauge.readMs();

        Files.delete(proc.resolve(PID + "/task/" + (PID + 1) + "/schedstat"));

        assertThat(gauge.readMs()).isNull();
        assertThat(count.given).isEmpty();
    }
}
