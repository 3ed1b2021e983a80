package io.proxybench.core.metrics;

import com.codahale.metrics.Clock;
import com.codahale.metrics.Meter;
import java.util.concurrent.TimeUnit;

/**
 * A Dropwizard meter whose mark is one add to the thread's own slot ({@link StripedCount}); the
 * one-, five- and fifteen-minute averages are brought up to date when someone reads them, with
 * Dropwizard's arithmetic (a tick every 5 s, the same decay per tick). Dropwizard's meter moves four
 * shared cells and reads the clock on every mark.
 *
 * <p>A read counts every mark made until then and spreads them evenly over the whole ticks since
 * the last read, where Dropwizard's meter puts each mark in the tick it fell in. So the marks of the
 * unfinished tick count toward the finished ones (read every few seconds: a fraction of a tick's
 * traffic early), and a burst inside a long unread gap is smoothed over the gap.
 */
final class StripedMeter extends Meter {

    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final double TICK_SECONDS = TICK_NANOS / 1e9;
    /** Decay per tick of the 1-, 5- and 15-minute averages, as Dropwizard's EWMA. */
    private static final double[] ALPHAS = {alpha(1), alpha(5), alpha(15)};

    private final StripedCount count = new StripedCount();
    private final Clock clock;
    private final long startTick;

    // guarded by this; only reads touch them
    private final double[] ratesPerSecond = new double[ALPHAS.length];
    private boolean averaging;
    private long lastTick;
    private long countAtLastTick;

    StripedMeter() {
        this(Clock.defaultClock());
    }

    StripedMeter(Clock clock) {
        super(clock);
        this.clock = clock;
        this.startTick = clock.getTick();
        this.lastTick = startTick;
    }

    private static double alpha(int minutes) {
        return 1 - Math.exp(-TICK_SECONDS / 60.0 / minutes);
    }

    @Override
    public void mark() {
        count.add(1);
    }

    @Override
    public void mark(long n) {
        count.add(n);
    }

    @Override
    public long getCount() {
        return count.sum();
    }

    @Override
    public double getMeanRate() {
        long n = getCount();
        long elapsed = clock.getTick() - startTick;
        return n == 0 || elapsed <= 0 ? 0.0 : n / (elapsed / 1e9);
    }

    @Override
    public double getOneMinuteRate() {
        return average(0);
    }

    @Override
    public double getFiveMinuteRate() {
        return average(1);
    }

    @Override
    public double getFifteenMinuteRate() {
        return average(2);
    }

    private synchronized double average(int which) {
        long age = clock.getTick() - lastTick;
        // past a whole tick, not at it, as Dropwizard's averages tick
        if (age > TICK_NANOS) {
            long ticks = age / TICK_NANOS;
            long n = count.sum();
            double perSecond = (n - countAtLastTick) / (double) ticks / TICK_SECONDS;
            countAtLastTick = n;
            lastTick += ticks * TICK_NANOS;
            for (int i = 0; i < ALPHAS.length; i++) {
                // k ticks of the same rate r: the average keeps (1 - α)^k of its distance to r
                ratesPerSecond[i] = averaging
                        ? perSecond + Math.pow(1 - ALPHAS[i], ticks) * (ratesPerSecond[i] - perSecond)
                        : perSecond;
            }
            averaging = true;
        }
        return ratesPerSecond[which];
    }
}
