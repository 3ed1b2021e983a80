package io.proxybench.bench.pool;

import io.netty.util.concurrent.AbstractScheduledEventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * An event executor whose "loop thread" is whichever benchmark thread claimed it, so that pool
 * code confined to a loop can be measured on that thread with no queue hop. Tasks posted to it
 * run only when the owner calls {@link #runPending()}; scheduled ones (the pool's idle sweep)
 * never run, which a benchmark of seconds does not miss.
 */
final class ThreadOwnedExecutor extends AbstractScheduledEventExecutor {

    private volatile Thread owner;
    private final ArrayDeque<Runnable> pending = new ArrayDeque<>();

    void claim(Thread thread) {
        owner = thread;
    }

    int runPending() {
        int n = 0;
        Runnable r;
        while ((r = pending.poll()) != null) {
            r.run();
            n++;
        }
        return n;
    }

    @Override
    public boolean inEventLoop(Thread thread) {
        return thread == owner;
    }

    @Override
    public void execute(Runnable task) {
        pending.add(task);
    }

    @Override
    public boolean isShuttingDown() {
        return false;
    }

    @Override
    public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
        return terminationFuture();
    }

    @Override
    public Future<?> terminationFuture() {
        return ImmediateEventExecutor.INSTANCE.newSucceededFuture(null);
    }

    @Override
    @Deprecated
    public void shutdown() {}

    @Override
    public boolean isShutdown() {
        return false;
    }

    @Override
    public boolean isTerminated() {
        return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return true;
    }
}
