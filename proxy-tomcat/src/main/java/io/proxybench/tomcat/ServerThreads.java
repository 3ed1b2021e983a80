package io.proxybench.tomcat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.FutureTask;

/**
 * The threads one server started. The server is built and started on a thread of its own
 * {@link ThreadGroup}; Tomcat's thread factories, its pollers and acceptors, and HttpClient's
 * evictor all create their threads in the group of the thread that set them up, so after a stop
 * the group tells exactly which of this server's threads are still running.
 */
final class ServerThreads {

    /** Threads of the JDK's shared pools: started from a request thread, they serve the whole JVM. */
    private static final List<String> JDK_SHARED = List.of("CompletableFutureDelayScheduler");

    private final ThreadGroup group;

    ServerThreads(String name) {
        this.group = new ThreadGroup(name);
    }

    String name() {
        return group.getName();
    }

    /** Runs {@code task} on a new thread of the group and returns its result. */
    <T> T call(Callable<T> task) throws Exception {
        FutureTask<T> future = new FutureTask<>(task);
        Thread starter = new Thread(group, future, group.getName() + "-start");
        starter.start();
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Waits for the group's threads to end; returns those still alive after {@code max}. */
    List<Thread> awaitEnd(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (true) {
            List<Thread> alive = alive();
            long left = deadline - System.nanoTime();
            if (alive.isEmpty() || left <= 0) {
                return alive;
            }
            alive.get(0).join(Math.max(1, Math.min(left / 1_000_000, 50)));
        }
    }

    private List<Thread> alive() {
        Thread[] threads = new Thread[group.activeCount() + 16];
        int n = group.enumerate(threads, true);
        List<Thread> alive = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Thread t = threads[i];
            if (t.isAlive()
                    && t != Thread.currentThread()
                    && !(t instanceof ForkJoinWorkerThread)
                    && !JDK_SHARED.contains(t.getName())) {
                alive.add(t);
            }
        }
        return alive;
    }
}
