package io.proxybench.bench.metrics;

import com.codahale.metrics.Clock;
import com.codahale.metrics.LockFreeExponentiallyDecayingReservoir;
import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Timer;
import io.proxybench.bench.MicroBenchmark;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.metrics.RecentHistogramReservoir;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One request's timer update: a latency around the stub origin's 50 ms, into the proxies' timer
 * ({@code proxy-timer}: ProxyMetrics' striped meter and recent-histogram reservoir), or into
 * Dropwizard's timer over that reservoir ({@code recent-histogram}) or over its lock-free sampling
 * one. {@code oneLoop} writes from one thread; {@code twoLoops} from two at once into the same timer,
 * as the two event loops of this machine do.
 *
 * <p>A sampling reservoir keeps a new value more often the further apart values arrive in time,
 * so a tight loop on the real clock would show only its cheap path. The timers here read a clock
 * that moves {@code 1 s / requestsPerSecond} per update, each thread its own share, so the
 * benchmark sees the proxy's low-load and high-load regimes.
 */
@State(Scope.Group)
public class TimerUpdateBenchmark extends MicroBenchmark {

    @Param({"proxy-timer", "recent-histogram", "lock-free-decaying"})
    public String reservoir;

    @Param({"200", "20000"})
    public int requestsPerSecond;

    private Timer timer;
    private final long[] latencies = new long[4096];

    @Setup
    public void newTimer() {
        Clock clock = new PacedClock(TimeUnit.SECONDS.toNanos(1) / requestsPerSecond);
        if ("proxy-timer".equals(reservoir)) {
            timer = ProxyMetrics.requestTimer(clock);
        } else {
            Reservoir r = "recent-histogram".equals(reservoir)
                    ? new RecentHistogramReservoir()
                    : LockFreeExponentiallyDecayingReservoir.builder()
                            .clock(clock)
                            .build();
            timer = new Timer(r, clock);
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < latencies.length; i++) {
            latencies[i] = TimeUnit.MICROSECONDS.toNanos(50_000 + random.nextInt(5_000));
        }
    }

    /** Each thread walks the latencies from its own place. */
    @State(Scope.Thread)
    public static class Cursor {
        int next;

        long take(long[] values) {
            next = (next + 1) & (values.length - 1);
            return values[next];
        }
    }

    @Benchmark
    @Group("oneLoop")
    @GroupThreads(1)
    public void oneLoop(Cursor cursor) {
        timer.update(cursor.take(latencies), TimeUnit.NANOSECONDS);
    }

    @Benchmark
    @Group("twoLoops")
    @GroupThreads(2)
    public void twoLoops(Cursor cursor) {
        timer.update(cursor.take(latencies), TimeUnit.NANOSECONDS);
    }

    /** Time as the updates see it: each thread's clock advances one request interval per reading. */
    private static final class PacedClock extends Clock {
        private final long stepNanos;
        private final ThreadLocal<long[]> now = ThreadLocal.withInitial(() -> new long[1]);

        PacedClock(long stepNanos) {
            this.stepNanos = stepNanos;
        }

        @Override
        public long getTick() {
            long[] t = now.get();
            t[0] += stepNanos;
            return t[0];
        }
    }

    public static void main(String[] args) throws Exception {
        run(TimerUpdateBenchmark.class);
    }
}
