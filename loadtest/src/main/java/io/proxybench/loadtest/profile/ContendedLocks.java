package io.proxybench.loadtest.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.event.ContendedLock;

/**
 * The lock objects an async-profiler session saw threads wait for ({@code --lock}: contended
 * monitors and {@code java.util.concurrent} locks), by class, with the waits its samples carry added
 * up; the one waited for longest names a step's most contended lock.
 *
 * @param lockClass the lock object's class in Java's spelling, e.g. {@code java.lang.Object}
 * @param samples   lock samples of that class
 * @param waitMs    their waits added up, in milliseconds
 */
public record ContendedLocks(String lockClass, long samples, double waitMs) {

    /** The class waited for longest in {@code jfrFile}; empty when the session saw no contention. */
    public static Optional<ContendedLocks> longestWaited(Path jfrFile) throws ProfilerException {
        try (JfrReader reader = new JfrReader(jfrFile.toString())) {
            Map<Integer, long[]> byClass = new HashMap<>();
            for (ContendedLock lock : reader.readAllEvents(ContendedLock.class)) {
                long[] figures = byClass.computeIfAbsent(lock.classId, k -> new long[2]);
                figures[0]++;
                figures[1] += lock.duration;
            }
            double msPerTick = 1000.0 / reader.ticksPerSec;
            return byClass.entrySet().stream()
                    .max((a, b) -> Long.compare(a.getValue()[1], b.getValue()[1]))
                    .map(top -> new ContendedLocks(
                            className(reader, top.getKey()), top.getValue()[0], top.getValue()[1] * msPerTick));
        } catch (IOException | RuntimeException e) {
            throw new ProfilerException("reading " + jfrFile.getFileName() + ": " + e.getMessage());
        }
    }

    private static String className(JfrReader reader, int classId) {
        ClassRef ref = reader.classes.get(classId);
        byte[] name = ref == null ? null : reader.symbols.get(ref.name);
        return name == null ? "unknown class #" + classId : new String(name, StandardCharsets.UTF_8).replace('/', '.');
    }
}
