package io.proxybench.loadtest.results;

/**
 * The lock a JVM front end's threads waited for longest during one step, from async-profiler's lock
 * events ({@code run --profile async}): contended monitors and {@code java.util.concurrent} locks, by
 * the class of the lock object, with the wait time async-profiler sampled for it (a sample for about
 * every 10 µs of waiting, each carrying its wait). Null without {@code --profile async}, for nginx and
 * HAProxy, for a step without contention, and in files written before it was recorded.
 *
 * @param mostContendedLock   the lock object's class, e.g. {@code java.util.concurrent.locks.ReentrantLock$NonfairSync}
 * @param mostContendedLockMs the waits for it in the step, added up, in milliseconds
 */
public record LockContention(String mostContendedLock, Double mostContendedLockMs) {

    public static final LockContention NONE = new LockContention(null, null);
}
