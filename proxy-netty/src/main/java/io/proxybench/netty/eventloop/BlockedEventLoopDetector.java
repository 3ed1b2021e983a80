package io.proxybench.netty.eventloop;

import com.codahale.metrics.Counter;
import io.netty.util.concurrent.AbstractEventExecutor;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices an event loop whose thread is held by one task for longer than a threshold.
 *
 * <p>A watchdog thread wakes once per threshold. For each loop it queues a tiny heartbeat task
 * lazily, without waking the loop: a loop that is serving connections runs it along with its
 * next I/O, for nothing but a queue offer. Only a heartbeat still waiting a whole interval later
 * is followed by a waking no-op task (the loop may just be idle in its selector); if the heartbeat
 * has still not run a threshold after that wake-up, the loop is stuck, and the watchdog logs one
 * warning with the loop thread's stack at that moment (which shows the culprit) and counts it,
 * once per stall. So a stall is reported within about three thresholds of its start; a busy loop
 * pays no wake-up for it, an idle one at most one per interval, and nothing is per request.
 *
 * <p>Once per threshold rather than more often because the wake-ups are what this costs: on a
 * virtual machine a sleeping thread's wake-up is charged 0.1 to 0.25 ms of CPU, and at 200
 * requests a second each wake-up per second adds about a microsecond to every request.
 *
 * <p>If the watchdog itself wakes up late (a GC pause, a starved machine), it cannot tell who
 * stalled, so it restarts the clocks instead of blaming the loops.
 */
public final class BlockedEventLoopDetector implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BlockedEventLoopDetector.class);

    /** Wakes a loop so that it passes by its queue, where the lazily queued heartbeat waits. */
    private static final Runnable NOTHING = () -> {};

    private final long thresholdNanos;
    private final long intervalNanos;
    private final Counter blocked;
    private final List<Watched> watched = new ArrayList<>();
    private final Thread watchdog;
    private volatile boolean running = true;

    public BlockedEventLoopDetector(List<EventExecutor> loops, long thresholdNanos, Counter blocked) {
        this.thresholdNanos = thresholdNanos;
        this.intervalNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(5), thresholdNanos);
        this.blocked = blocked;
        for (EventExecutor loop : loops) {
            Watched w = new Watched(loop);
            // Also starts the loop's thread, so that its stack can be read from the first check on.
            w.thread = loop.submit(Thread::currentThread).syncUninterruptibly().getNow();
            watched.add(w);
        }
        this.watchdog = new Thread(this::watch, "eventloop-watchdog");
        this.watchdog.setDaemon(true);
        this.watchdog.start();
    }

    private void watch() {
        long lastWake = System.nanoTime();
        while (running) {
            try {
                TimeUnit.NANOSECONDS.sleep(intervalNanos);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            boolean selfLate = now - lastWake > intervalNanos + thresholdNanos / 2;
            lastWake = now;
            for (Watched w : watched) {
                probe(w, now, selfLate);
            }
        }
    }

    private void probe(Watched w, long now, boolean selfLate) {
        if (!w.pending) {
            w.reported = false;
            w.woken = false;
            w.pending = true;
            w.sentNanos = now;
            send(w, true);
        } else if (selfLate) {
            w.sentNanos = now;
        } else if (!w.woken) {
            if (now - w.sentNanos >= intervalNanos) {
                // Not run on the way: the loop is idle in its selector, or stuck. A real task tells which.
                w.woken = true;
                w.sentNanos = now;
                send(w, false);
            }
        } else if (!w.reported && now - w.sentNanos >= thresholdNanos) {
            w.reported = true;
            report(w, now - w.sentNanos);
        }
    }

    private static void send(Watched w, boolean lazily) {
        try {
            if (!lazily) {
                w.loop.execute(NOTHING);
            } else if (w.loop instanceof AbstractEventExecutor lazyCapable) {
                lazyCapable.lazyExecute(w.beat);
            } else {
                w.loop.execute(w.beat);
            }
        } catch (RejectedExecutionException e) {
            w.pending = false; // the loop is shutting down
        }
    }

    private void report(Watched w, long stalledNanos) {
        blocked.inc();
        Thread t = w.thread;
        StringBuilder stack = new StringBuilder();
        if (t != null) {
            for (StackTraceElement e : t.getStackTrace()) {
                stack.append("\n\tat ").append(e);
            }
        }
        log.warn(
                "event loop {} has not run its queue for {} ms (eventloop.blockedThreshold {} ms): a task is blocking "
                        + "an I/O thread; its stack now:{}",
                t == null ? w.loop : t.getName(),
                TimeUnit.NANOSECONDS.toMillis(stalledNanos),
                TimeUnit.NANOSECONDS.toMillis(thresholdNanos),
                stack);
    }

    @Override
    public void close() {
        running = false;
        watchdog.interrupt();
        try {
            watchdog.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Watched {
        final EventExecutor loop;
        final Runnable beat;
        volatile Thread thread;
        volatile boolean pending;
        volatile long sentNanos;
        /** Only the watchdog reads and writes these two. */
        boolean reported;

        boolean woken;

        Watched(EventExecutor loop) {
            this.loop = loop;
            this.beat = () -> pending = false;
        }
    }
}
