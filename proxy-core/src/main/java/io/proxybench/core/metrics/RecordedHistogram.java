package io.proxybench.core.metrics;

import com.codahale.metrics.Histogram;
import com.codahale.metrics.Reservoir;
import java.util.function.LongSupplier;

/**
 * A Dropwizard histogram that only hands values to its reservoir and takes its count from elsewhere:
 * inside a timer, the timer's meter counts the same updates already, so a count of its own would be
 * a second shared cell to move per request.
 */
final class RecordedHistogram extends Histogram {

    private final Reservoir reservoir;
    private final LongSupplier count;

    RecordedHistogram(Reservoir reservoir, LongSupplier count) {
        super(reservoir);
        this.reservoir = reservoir;
        this.count = count;
    }

    @Override
    public void update(int value) {
        reservoir.update(value);
    }

    @Override
    public void update(long value) {
        reservoir.update(value);
    }

    @Override
    public long getCount() {
        return count.getAsLong();
    }
}
