package io.proxybench.netty.transport;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The threads of one server, as {@code workers.inbound/stage/outbound} describe them.
 *
 * <ul>
 *   <li>inbound: event loops that own client connections;</li>
 *   <li>stage: 0 = filters run on the client connection's loop; N = on N threads of their own, the
 *       result hops back to the connection's loop. They are event loops of the transport that serve
 *       no connection: a task handed to a sleeping one costs one eventfd write, where a blocking
 *       queue's hand-over took several futex calls;</li>
 *   <li>outbound: 0 = origin connections live on the client connection's loop, so a request never
 *       changes thread; N = origin connections live on a group of N loops of their own.</li>
 * </ul>
 */
public final class WorkerLayout {

    private final Transport transport;
    private final EventLoopGroup inbound;
    private final EventExecutorGroup stage;
    private final EventLoopGroup outbound;
    private final TrackedThreadFactory stageThreads;
    private final List<TrackedThreadFactory> threads;

    private WorkerLayout(
            Transport transport,
            EventLoopGroup inbound,
            EventExecutorGroup stage,
            EventLoopGroup outbound,
            TrackedThreadFactory stageThreads,
            List<TrackedThreadFactory> threads) {
        this.transport = transport;
        this.inbound = inbound;
        this.stage = stage;
        this.outbound = outbound;
        this.stageThreads = stageThreads;
        this.threads = threads;
    }

    public static WorkerLayout create(Transport transport, int inboundThreads, int stageThreads, int outboundThreads) {
        TrackedThreadFactory inboundThreadFactory = new TrackedThreadFactory("proxy-inbound");
        TrackedThreadFactory stageThreadFactory = new TrackedThreadFactory("proxy-stage");
        TrackedThreadFactory outboundThreadFactory = new TrackedThreadFactory("proxy-outbound");
        EventLoopGroup inbound =
                new MultiThreadIoEventLoopGroup(inboundThreads, inboundThreadFactory, transport.ioHandlerFactory());
        EventExecutorGroup stage = stageThreads == 0
                ? null
                : new MultiThreadIoEventLoopGroup(stageThreads, stageThreadFactory, transport.ioHandlerFactory());
        EventLoopGroup outbound = outboundThreads == 0
                ? null
                : new MultiThreadIoEventLoopGroup(outboundThreads, outboundThreadFactory, transport.ioHandlerFactory());
        return new WorkerLayout(
                transport,
                inbound,
                stage,
                outbound,
                stageThreadFactory,
                List.of(inboundThreadFactory, stageThreadFactory, outboundThreadFactory));
    }

    public Transport transport() {
        return transport;
    }

    public EventLoopGroup inbound() {
        return inbound;
    }

    /** The filter pool, or {@code null} when filters run on the connection's loop. */
    public EventExecutorGroup stage() {
        return stage;
    }

    /** The loops origin connections may live on. */
    public EventLoopGroup originLoops() {
        return outbound != null ? outbound : inbound;
    }

    /** Where the origin connections of a client connection served by {@code clientLoop} live. */
    public EventLoop originLoopFor(EventLoop clientLoop) {
        return outbound == null ? clientLoop : outbound.next();
    }

    /** Filter-pool threads started so far: none until a filter run is first handed to the pool. */
    public int stageThreadsStarted() {
        return stageThreads.threadsMade();
    }

    /** Every I/O loop (not the filter pool): what the blocked-loop detector watches. */
    public List<EventExecutor> ioLoops() {
        List<EventExecutor> loops = new ArrayList<>();
        inbound.forEach(loops::add);
        if (outbound != null) {
            outbound.forEach(loops::add);
        }
        return loops;
    }

    /** Shuts every group down and waits for its threads to end, at most {@code timeout}. */
    public void shutdown(Duration timeout) {
        List<Future<?>> terminations = new ArrayList<>();
        terminations.add(inbound.shutdownGracefully(0, timeout.toMillis(), TimeUnit.MILLISECONDS));
        if (stage != null) {
            terminations.add(stage.shutdownGracefully(0, timeout.toMillis(), TimeUnit.MILLISECONDS));
        }
        if (outbound != null) {
            terminations.add(outbound.shutdownGracefully(0, timeout.toMillis(), TimeUnit.MILLISECONDS));
        }
        for (Future<?> f : terminations) {
            f.awaitUninterruptibly(timeout.toMillis() + 1000);
        }
        for (TrackedThreadFactory t : threads) {
            t.join(1000);
        }
    }

    /** The transport and thread counts as started, under the keys that asked for them. */
    public Map<String, String> resolved() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("server.transport", transport.configName());
        out.put("workers.inbound", Integer.toString(count(inbound)));
        out.put("workers.stage", Integer.toString(stage == null ? 0 : count(stage)));
        out.put("workers.outbound", Integer.toString(outbound == null ? 0 : count(outbound)));
        return out;
    }

    @Override
    public String toString() {
        return transport.configName() + " inbound=" + count(inbound) + " stage=" + (stage == null ? 0 : count(stage))
                + " outbound=" + (outbound == null ? 0 : count(outbound));
    }

    private static int count(EventExecutorGroup group) {
        int n = 0;
        for (EventExecutor ignored : group) {
            n++;
        }
        return n;
    }
}
