package io.proxybench.bench.pool;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.proxybench.bench.MicroBenchmark;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.netty.pool.AcquireCallback;
import io.proxybench.netty.pool.OriginConnectionPool;
import io.proxybench.netty.pool.OriginConnector;
import io.proxybench.netty.pool.PoolListener;
import io.proxybench.netty.pool.PoolSettings;
import io.proxybench.netty.pool.PooledConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Borrow + return of a kept-alive origin connection, the pool's hot path: each benchmark thread
 * plays one event loop, all loops share the origin host (and so its permit count). The borrow
 * finds an idle connection and the return parks it again, so no connect is measured. If the
 * path took a lock or contended on shared state, time per operation would grow with threads.
 */
public class OriginConnectionPoolBenchmark extends MicroBenchmark {

    static final OriginAddress ORIGIN = new OriginAddress("127.0.0.1", 9000);
    static final int MAX_THREADS = 4;

    /** The pool and its loops, shared by all benchmark threads. */
    @State(Scope.Benchmark)
    public static class SharedPool {
        final List<ThreadOwnedExecutor> loops = new ArrayList<>();
        final AtomicInteger nextLoop = new AtomicInteger();
        OriginConnectionPool<Object> pool;

        @Setup(Level.Trial)
        public void create() {
            loops.clear();
            for (int i = 0; i < MAX_THREADS; i++) {
                loops.add(new ThreadOwnedExecutor());
            }
            nextLoop.set(0);
            pool = new OriginConnectionPool<>(
                    loops,
                    new InstantConnector(),
                    new PoolSettings(1000, Duration.ofSeconds(5), 1000, Duration.ofMinutes(10)),
                    PoolListener.NONE);
        }
    }

    /** One benchmark thread: the loop it owns and a callback that keeps what it was handed. */
    @State(Scope.Thread)
    public static class Borrower implements AcquireCallback<Object> {
        ThreadOwnedExecutor loop;
        PooledConnection<Object> handed;

        @Setup(Level.Trial)
        public void claim(SharedPool shared) {
            loop = shared.loops.get(shared.nextLoop.getAndIncrement() % MAX_THREADS);
            loop.claim(Thread.currentThread());
            // Open the connection this thread will keep borrowing.
            shared.pool.acquire(loop, ORIGIN, this);
            handed.release(true);
            loop.runPending();
        }

        @Override
        public void acquired(PooledConnection<Object> connection) {
            handed = connection;
        }

        @Override
        public void failed(Throwable cause) {
            throw new IllegalStateException("pool refused in a benchmark", cause);
        }
    }

    @Benchmark
    @Threads(1)
    public Object borrowReturn1Thread(SharedPool shared, Borrower b) {
        return borrowReturn(shared, b);
    }

    @Benchmark
    @Threads(2)
    public Object borrowReturn2Threads(SharedPool shared, Borrower b) {
        return borrowReturn(shared, b);
    }

    @Benchmark
    @Threads(4)
    public Object borrowReturn4Threads(SharedPool shared, Borrower b) {
        return borrowReturn(shared, b);
    }

    private static Object borrowReturn(SharedPool shared, Borrower b) {
        shared.pool.acquire(b.loop, ORIGIN, b);
        PooledConnection<Object> c = b.handed;
        c.release(true);
        return c;
    }

    /** Connections that open at once and never close: the benchmark measures the pool, not sockets. */
    static final class InstantConnector implements OriginConnector<Object> {
        @Override
        public Future<Object> connect(EventExecutor loop, OriginAddress origin) {
            return loop.newSucceededFuture(new Object());
        }

        @Override
        public boolean isUsable(Object connection) {
            return true;
        }

        @Override
        public void close(Object connection) {}

        @Override
        public void onClose(Object connection, Runnable action) {}
    }

    public static void main(String[] args) throws RunnerException {
        run(OriginConnectionPoolBenchmark.class);
    }
}
