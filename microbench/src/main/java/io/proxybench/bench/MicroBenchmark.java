package io.proxybench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * What every proxybench benchmark shares: average time per operation in nanoseconds, one fork
 * with leak detection off (the tests run it paranoid; here it would be what is measured), and
 * short default iterations that the command line can override ({@code -f -wi -i -w -r -t}).
 *
 * <p>Benchmarks live in a package per area ({@code bench.pool}, ...). Run them all with
 * {@code java -jar microbench/target/microbench.jar}, or one area with a regex such as
 * {@code java -jar microbench/target/microbench.jar 'bench.pool'}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Xms512m", "-Xmx512m"})
public abstract class MicroBenchmark {

    /** Runs the benchmarks of {@code type} from an IDE or a plain {@code main}. */
    protected static void run(Class<? extends MicroBenchmark> type) throws RunnerException {
        new Runner(new OptionsBuilder().include(type.getName()).build()).run();
    }
}
