package io.proxybench.netty.relay;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The filter runs one client loop starts in one pass over its ready sockets and queued tasks, handed
 * to the filter pool as one task, whose results come back as one task. Handed over one by one, each
 * run could wake a pool thread and each result the client loop again: at load a pass starts dozens
 * of runs, and the wake-ups cost more than the filters.
 *
 * <p>A batch closes at the end of the pass (a task the loop queues to itself runs after the I/O and
 * the tasks queued before it) or at {@link #MAX_RUNS}, so that a slow filter holds up a bounded
 * number of others. Touched on its client loop only, apart from {@link #runAll} on the pool thread.
 */
final class FilterBatch implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(FilterBatch.class);

    /** A filter run that leaves its result in {@code results}, to be run on the client loop. */
    interface Run {
        void run(List<Runnable> results);
    }

    /** Runs per hand-over at most: the next ones go to the next pool thread. */
    static final int MAX_RUNS = 16;

    private final EventExecutor home;
    private final EventExecutorGroup pool;
    private List<Run> runs = new ArrayList<>();
    private boolean closeQueued;

    FilterBatch(EventExecutor home, EventExecutorGroup pool) {
        this.home = home;
        this.pool = pool;
    }

    /** On the client loop: {@code run} goes to the pool with the others of this pass. */
    void add(Run run) {
        runs.add(run);
        if (runs.size() >= MAX_RUNS) {
            handOver();
        } else if (!closeQueued) {
            closeQueued = true;
            home.execute(this);
        }
    }

    /** The end of the pass. */
    @Override
    public void run() {
        closeQueued = false;
        if (!runs.isEmpty()) {
            handOver();
        }
    }

    private void handOver() {
        List<Run> batch = runs;
        runs = new ArrayList<>();
        pool.next().execute(() -> runAll(batch));
    }

    private void runAll(List<Run> batch) {
        List<Runnable> results = new ArrayList<>(batch.size());
        for (Run r : batch) {
            isolated(() -> r.run(results));
        }
        if (!results.isEmpty()) {
            home.execute(() -> results.forEach(FilterBatch::isolated));
        }
    }

    /** One run's failure is its own, as it was when each run was a task of its own. */
    private static void isolated(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            log.warn("a filter run or its result failed: {}", e.toString());
        }
    }
}
