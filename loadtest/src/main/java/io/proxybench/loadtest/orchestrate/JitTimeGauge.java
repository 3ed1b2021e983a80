package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.proc.ProcessSampler;
import java.util.function.Supplier;

/**
 * One JVM's JIT work so far, in ms, read the same way for a whole series of warm-up or lead-in
 * windows: its compiler threads' CPU where the kit sees the process on its own machine, else the
 * JVM's own count of compile time. That count times each compilation from its start to its end, so
 * a compiler thread waiting for a core counts as compiling and a busy machine reads up to twice the
 * CPU; the step's {@code jit-busy} flag reads the compiler threads' CPU too, and both should agree
 * on what "the JIT is quiet" means. The source is settled at the first reading, so that no window
 * subtracts one kind of figure from the other.
 */
final class JitTimeGauge {

    /** Where a series' readings come from, as warmup.csv names it. */
    enum Source {
        COMPILER_CPU("compiler-cpu"),
        JVM_COUNT("jvm-count");

        private final String csvName;

        Source(String csvName) {
            this.csvName = csvName;
        }

        String csvName() {
            return csvName;
        }
    }

    private final ProcessSampler processes;
    private final ProcessHandle process;
    private final Supplier<Double> jvmCount;
    private Source source;

    /**
     * @param process  the JVM as the kit started it (its tree is searched); null when not started here
     * @param jvmCount the JVM's own count in ms, null when it cannot be read this time
     */
    JitTimeGauge(ProcessSampler processes, ProcessHandle process, Supplier<Double> jvmCount) {
        this.processes = processes;
        this.process = process;
        this.jvmCount = jvmCount;
    }

    /** The JIT's work so far in ms; null when it cannot be read this time. */
    Double readMs() {
        if (source == Source.JVM_COUNT) {
            return jvmCount.get();
        }
        Long nanos = compilerNanos();
        if (source == null) {
            source = nanos != null ? Source.COMPILER_CPU : Source.JVM_COUNT;
            if (source == Source.JVM_COUNT) {
                return jvmCount.get();
            }
        }
        return nanos == null ? null : Double.valueOf(nanos / 1e6);
    }

    /** Null before the first reading. */
    Source source() {
        return source;
    }

    private Long compilerNanos() {
        return process == null || processes == null ? null : processes.compilerNanos(process);
    }
}
