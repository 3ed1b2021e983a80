package io.proxybench.core.conformance.leak;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Collects every leak report Netty's detectors make in this JVM, independently of how logging is
 * configured. Two hooks, because detectors are created once per resource type in static
 * initialisers: a detector factory catches detectors made after {@link #install()}, and the
 * already-made {@code ByteBuf} detector (if another test loaded Netty's buffers first) gets the
 * same listener by reflection.
 */
final class LeakRecorder {

    /** One leak report: the resource type and Netty's access records (empty when untraced). */
    record Leak(long sequence, String resourceType, String records) {
        @Override
        public String toString() {
            return "LEAK of " + resourceType + (records.isEmpty() ? " (untraced)" : ":" + records);
        }
    }

    private static final ConcurrentLinkedQueue<Leak> LEAKS = new ConcurrentLinkedQueue<>();
    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final ResourceLeakDetector.LeakListener LISTENER =
            (type, records) -> LEAKS.add(new Leak(SEQUENCE.incrementAndGet(), type, records == null ? "" : records));
    private static volatile String installProblem;
    private static boolean installed;

    private LeakRecorder() {}

    /** Idempotent. Also raises detection to paranoid so that every buffer is tracked. */
    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        if (ResourceLeakDetector.getLevel().ordinal() < ResourceLeakDetector.Level.PARANOID.ordinal()) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        }
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ListeningFactory());
        try {
            Class<?> abstractByteBuf = Class.forName("io.netty.buffer.AbstractByteBuf");
            Field field = abstractByteBuf.getDeclaredField("leakDetector");
            field.setAccessible(true);
            ((ResourceLeakDetector<?>) field.get(null)).setLeakListener(LISTENER);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Only matters when buffers were initialised before install(); then reports would be missed.
            installProblem = "cannot attach to Netty's ByteBuf leak detector: " + e;
        }
    }

    /** Why some reports could go unseen, or {@code null}. */
    static String installProblem() {
        return installProblem;
    }

    /** The sequence number of the newest report so far; reports after it are "new". */
    static long mark() {
        return SEQUENCE.get();
    }

    static List<Leak> since(long mark) {
        List<Leak> out = new ArrayList<>();
        for (Leak leak : LEAKS) {
            if (leak.sequence() > mark) {
                out.add(leak);
            }
        }
        return out;
    }

    /** Makes every detector it creates report to {@link #LISTENER} (and still log, as Netty's own do). */
    private static final class ListeningFactory extends ResourceLeakDetectorFactory {
        @Override
        @SuppressWarnings("deprecation")
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(
                Class<T> resource, int samplingInterval, long maxActive) {
            ResourceLeakDetector<T> detector = new ResourceLeakDetector<>(resource, samplingInterval, maxActive);
            detector.setLeakListener(LISTENER);
            return detector;
        }

        @Override
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
            ResourceLeakDetector<T> detector = new ResourceLeakDetector<>(resource, samplingInterval);
            detector.setLeakListener(LISTENER);
            return detector;
        }
    }
}
