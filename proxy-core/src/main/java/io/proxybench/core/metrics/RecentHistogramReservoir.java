package io.proxybench.core.metrics;

import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Snapshot;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A timer's reservoir that counts every value in an HdrHistogram {@link Recorder} instead of
 * sampling: an update is a few atomic increments on preallocated counters, where Dropwizard's
 * decaying reservoirs insert into a skip list and allocate per value, which profiled at up to a
 * tenth of the Netty proxy's CPU below saturation. Writers are spread over a few recorders, each
 * thread keeping the one it was first given ({@link ThreadStripe}), so two event loops do not pull
 * the same counters back and forth between cores on every request.
 *
 * <p>A snapshot covers the window being filled and the one before it. Windows roll when a
 * snapshot is taken, so read at least once a window (the kit reads every step) it describes the
 * last one to two windows of traffic; read rarely, everything since the previous read.
 * Values keep three significant digits (0.1 %); a duration above an hour counts as an hour.
 *
 * <p>The histograms have that fixed range from the start rather than growing with the values. A
 * growing histogram resizes when a value outgrows it, inside the request path, and once the JIT has
 * compiled that path without the branch (no resize for minutes), the first resize sends the event
 * loop's read path back to the interpreter: on proxy-netty it did so in the first measured step of
 * kit runs that started at 100 connections, and recompiling took a tenth of the proxy's CPU in that
 * step (about 7 µs of 70 a request). A growing recorder also starts the second histogram it swaps in at a read at
 * a new histogram's size. With a fixed range there is no resize to meet.
 */
public final class RecentHistogramReservoir implements Reservoir {

    private static final long DEFAULT_WINDOW_NANOS = 60_000_000_000L;
    private static final int SIGNIFICANT_DIGITS = 3;
    static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

    private final Recorder[] stripes = new Recorder[ThreadStripe.COUNT];
    private final long windowNanos;
    private final LongSupplier nanoClock;

    // guarded by this; only snapshots touch them, never an update
    private final Histogram drained = newHistogram();
    private Histogram current = newHistogram();
    private Histogram previous = newHistogram();
    private long currentStart;

    public RecentHistogramReservoir() {
        this(DEFAULT_WINDOW_NANOS, System::nanoTime);
    }

    RecentHistogramReservoir(long windowNanos, LongSupplier nanoClock) {
        this.windowNanos = windowNanos;
        this.nanoClock = nanoClock;
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Recorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
        }
        this.currentStart = nanoClock.getAsLong();
    }

    @Override
    public void update(long value) {
        // a clock stepping back can hand a timer a negative duration; it says nothing about latency
        if (value >= 0) {
            stripes[ThreadStripe.index()].recordValue(Math.min(value, HIGHEST_NANOS));
        }
    }

    private static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
    }

    @Override
    public synchronized int size() {
        drainAndRoll();
        return (int) Math.min(previous.getTotalCount() + current.getTotalCount(), Integer.MAX_VALUE);
    }

    @Override
    public synchronized Snapshot getSnapshot() {
        drainAndRoll();
        Histogram union = previous.copy();
        union.add(current);
        return new HistogramSnapshot(union);
    }

    private void drainAndRoll() {
        for (Recorder stripe : stripes) {
            stripe.getIntervalHistogramInto(drained);
            current.add(drained);
        }
        long now = nanoClock.getAsLong();
        if (now - currentStart >= windowNanos) {
            Histogram emptied = previous;
            emptied.reset();
            previous = current;
            current = emptied;
            currentStart = now;
        }
    }
}
