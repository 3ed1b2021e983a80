package io.proxybench.loadtest.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops a process together with everything it started (nginx workers, a wrapper's child):
 * SIGTERM to the whole tree, then SIGKILL to whatever is left after a grace period.
 */
public final class ProcessTrees {

    private ProcessTrees() {}

    /** The root first, then its descendants, as seen now. */
    public static List<ProcessHandle> tree(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root);
        root.descendants().forEach(all::add);
        return all;
    }

    /** Returns true when the whole tree was gone before the grace period ran out. */
    public static boolean terminate(ProcessHandle root, Duration grace) {
        // Listed before signalling: once the root is gone its children are re-parented and no
        // longer show up as its descendants.
        return terminate(tree(root), grace);
    }

    /**
     * SIGTERM to each of {@code all} still running, SIGKILL to any left after {@code grace}; for a tree
     * listed before its root was stopped some other way (a shell's children outlive it).
     */
    public static boolean terminate(List<ProcessHandle> all, Duration grace) {
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        boolean clean = true;
        for (ProcessHandle p : all) {
            long left = deadline - System.nanoTime();
            if (!waitFor(p, Math.max(0, left))) {
                clean = false;
            }
        }
        if (!clean) {
            all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            all.forEach(p -> waitFor(p, TimeUnit.SECONDS.toNanos(5)));
        }
        return clean;
    }

    private static boolean waitFor(ProcessHandle p, long nanos) {
        if (!p.isAlive()) {
            return true;
        }
        try {
            p.onExit().get(nanos, TimeUnit.NANOSECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        } catch (Exception e) {
            return !p.isAlive();
        }
    }
}
