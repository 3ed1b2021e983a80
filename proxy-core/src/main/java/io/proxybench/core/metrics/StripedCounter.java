package io.proxybench.core.metrics;

import com.codahale.metrics.Counter;

/** A Dropwizard counter on a {@link StripedCount}, for the counters the request path moves. */
final class StripedCounter extends Counter {

    private final StripedCount count = new StripedCount();

    @Override
    public void inc() {
        count.add(1);
    }

    @Override
    public void inc(long n) {
        count.add(n);
    }

    @Override
    public void dec() {
        count.add(-1);
    }

    @Override
    public void dec(long n) {
        count.add(-n);
    }

    @Override
    public long getCount() {
        return count.sum();
    }
}
