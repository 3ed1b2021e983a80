package io.proxybench.loadgen.engine;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.loadgen.record.IntervalLog;
import io.proxybench.loadgen.record.LoopRecorder;
import io.proxybench.loadgen.record.StepSummary;
import io.proxybench.loadgen.record.StepTotals;
import io.proxybench.loadgen.tls.ClientTls;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs steps one after the other against one target, on {@code threads} event loops. Connections
 * are spread over the loops round robin and kept from one step to the next: a step with more
 * connections adds the missing ones, a step with fewer closes the last ones. Driven by one thread.
 */
public final class LoadEngine implements AutoCloseable {

    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** A loop that does not answer a control task within this is stuck: the step fails rather than hangs. */
    private static final long CONTROL_TIMEOUT_SEC = 30;

    private final EventLoopGroup group;
    private final List<LoopWorker> workers = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();
    private final String targetText;
    private long settleNanos;
    private boolean closed;

    /**
     * @param keepAliveRequest the request bytes for keep-alive steps
     * @param closeRequest     the same with {@code Connection: close}, for churn steps
     * @param tls              the TLS client of an https target; null for plain HTTP
     */
    public LoadEngine(
            InetSocketAddress address,
            String targetText,
            int threads,
            Transport transport,
            byte[] keepAliveRequest,
            byte[] closeRequest,
            ClientTls tls) {
        this.targetText = targetText;
        this.group = new MultiThreadIoEventLoopGroup(
                threads, new DefaultThreadFactory("loadgen", true), transport.ioHandlerFactory());
        for (EventExecutor executor : group) {
            workers.add(new LoopWorker((EventLoop) executor, transport, address, keepAliveRequest, closeRequest, tls));
        }
    }

    public int threads() {
        return workers.size();
    }

    /**
     * Runs one step to its end and returns what it measured. Requests still out at the end are
     * waited for (up to the timeout) by {@link #settle()}, which the next step calls first.
     *
     * @param hlog where to write the step's interval log, or null
     */
    public StepSummary run(StepPlan plan, Path hlog) throws InterruptedException {
        if (closed) {
            throw new IllegalStateException("engine is closed");
        }
        settle();
        resize(plan.connections());
        // a ramp down closes its surplus before the clock starts, not on the step's time
        for (LoopWorker worker : workers) {
            onLoop(worker, () -> null);
        }
        List<LoopRecorder> recorders =
                workers.stream().map(LoopWorker::recorder).toList();
        long startMs = System.currentTimeMillis();
        long start = System.nanoTime();
        long end = start + plan.duration().toNanos();
        long cpuStart = processCpuNanos();
        try (IntervalLog log = new IntervalLog(
                recorders,
                hlog,
                startMs,
                "proxybench-loadgen step=" + plan.name()
                        + " target=" + targetText + " model=" + plan.model() + " mode=" + plan.mode()
                        + " connections=" + plan.connections() + (plan.openModel() ? " rate=" + plan.rate() : ""))) {
            int total = connections.size();
            for (LoopWorker worker : workers) {
                worker.loop().execute(() -> worker.begin(plan, start, total));
            }
            long nextTick = start + TICK_NANOS;
            for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
                if (now >= nextTick) {
                    log.collect();
                    nextTick += TICK_NANOS;
                    continue;
                }
                LockSupport.parkNanos(Math.min(nextTick, end) - now);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
            StepTotals totals = StepTotals.zero();
            for (LoopWorker worker : workers) {
                totals = totals.plus(onLoop(worker, worker::end));
            }
            long endMs = System.currentTimeMillis();
            log.collect();
            long cpuEnd = processCpuNanos();
            settleNanos = plan.timeout().toNanos();
            return new StepSummary(
                    plan.name(),
                    plan.model(),
                    plan.mode(),
                    plan.connections(),
                    plan.rate(),
                    totals,
                    plan.duration().toNanos() / 1000,
                    log.total().copy(),
                    cpuStart < 0 || cpuEnd < 0 ? -1 : (cpuEnd - cpuStart) / 1000,
                    startMs,
                    endMs,
                    hlog == null ? null : hlog.toString());
        }
    }

    /** Waits until no request of the last step is still out, at most its timeout; gives up on the rest. */
    public void settle() throws InterruptedException {
        if (settleNanos == 0) {
            return;
        }
        long deadline = System.nanoTime() + settleNanos;
        settleNanos = 0;
        while (System.nanoTime() < deadline) {
            int busy = 0;
            for (LoopWorker worker : workers) {
                busy += onLoop(worker, worker::busy);
            }
            if (busy == 0) {
                return;
            }
            Thread.sleep(5);
        }
        for (LoopWorker worker : workers) {
            onLoop(worker, () -> {
                worker.abandonBusy();
                return null;
            });
        }
    }

    private void resize(int wanted) {
        while (connections.size() < wanted) {
            LoopWorker worker = workers.get(connections.size() % workers.size());
            Connection connection = new Connection(worker, connections.size());
            connections.add(connection);
            worker.loop().execute(() -> worker.add(connection));
        }
        while (connections.size() > wanted) {
            Connection connection = connections.remove(connections.size() - 1);
            LoopWorker worker = workers.get(connections.size() % workers.size());
            worker.loop().execute(() -> worker.remove(connection));
        }
    }

    private static <T> T onLoop(LoopWorker worker, Callable<T> task) throws InterruptedException {
        try {
            return worker.loop().submit(task).get(CONTROL_TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("event loop task failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("event loop did not answer within " + CONTROL_TIMEOUT_SEC + " s");
        }
    }

    /** CPU time of this process so far, or -1 when the JVM does not tell. */
    static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return -1;
    }

    /** Closes every connection and stops the loops (bounded: a few seconds at most). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (LoopWorker worker : workers) {
            worker.loop().execute(worker::retireAll);
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        for (LoopWorker worker : workers) {
            worker.release();
        }
    }
}
