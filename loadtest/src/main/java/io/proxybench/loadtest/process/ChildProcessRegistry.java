package io.proxybench.loadtest.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every process the kit started and has not stopped yet, so that none outlives the run: on a normal
 * end, on a failure and on Ctrl-C (a JVM shutdown hook stops whatever is still registered).
 */
public final class ChildProcessRegistry implements AutoCloseable {

    private final Set<ChildProcess> live = ConcurrentHashMap.newKeySet();
    private final Thread hook;

    public ChildProcessRegistry() {
        hook = new Thread(this::stopAll, "stop-child-processes");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    void add(ChildProcess process) {
        live.add(process);
    }

    void remove(ChildProcess process) {
        live.remove(process);
    }

    /** Stops every registered process, newest first (generator, then front end, then origin). */
    public void stopAll() {
        List<ChildProcess> all = new ArrayList<>(live);
        all.sort((a, b) -> Long.compare(b.startedNanos(), a.startedNanos()));
        for (ChildProcess p : all) {
            p.stop(Duration.ofSeconds(10));
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook is running or has run
        }
    }
}
