package io.proxybench.gatling;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each phase (warm-up, step) really had load on: from its first user's first request to its
 * last user's last answer. Gatling's report counts time in whole seconds of the whole run; the kit
 * needs each step's own span, to the millisecond.
 *
 * <p>Kept in the JVM that runs the simulation, for {@code GatlingRun} to read after the run.
 */
public final class PhaseTimes {

    private static final long BASE_EPOCH_MS = System.currentTimeMillis();
    private static final long BASE_NANOS = System.nanoTime();
    private static final Map<String, PhaseTimes> PHASES = new ConcurrentHashMap<>();

    /** A phase's span; {@code endEpochMs} is absent when no user got to the end (the run was cut). */
    public record Span(long startEpochMs, Optional<Long> endEpochMs, Optional<Double> durationSec) {}

    private final AtomicLong firstStartNanos = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastEndNanos = new AtomicLong(Long.MIN_VALUE);

    private PhaseTimes() {}

    public static PhaseTimes of(String phase) {
        return PHASES.computeIfAbsent(phase, p -> new PhaseTimes());
    }

    /** The span of {@code phase}, or empty when none of its users started. */
    public static Optional<Span> span(String phase) {
        PhaseTimes times = PHASES.get(phase);
        return times == null ? Optional.empty() : times.span();
    }

    public void started() {
        long now = System.nanoTime();
        firstStartNanos.accumulateAndGet(now, Math::min);
    }

    public void ended() {
        long now = System.nanoTime();
        lastEndNanos.accumulateAndGet(now, Math::max);
    }

    private Optional<Span> span() {
        long start = firstStartNanos.get();
        if (start == Long.MAX_VALUE) {
            return Optional.empty();
        }
        long end = lastEndNanos.get();
        if (end == Long.MIN_VALUE || end < start) {
            return Optional.of(new Span(epochMs(start), Optional.empty(), Optional.empty()));
        }
        return Optional.of(new Span(epochMs(start), Optional.of(epochMs(end)), Optional.of((end - start) / 1e9)));
    }

    private static long epochMs(long nanos) {
        return BASE_EPOCH_MS + Math.round((nanos - BASE_NANOS) / 1e6);
    }
}
