package io.proxybench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.codahale.metrics.Clock;
import com.codahale.metrics.Meter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StripedMeterTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    private final Clock clock = new Clock() {
        @Override
        public long getTick() {
            return now.get();
        }
    };

    @Test
    void readJustPastEachTickItsFiguresAreDropwizards() {
        StripedMeter striped = new StripedMeter(clock);
        Meter dropwizard = new Meter(clock);
        // uneven traffic: a burst, a lull, a steady spell; marks half-way through each second,
        // reads a tenth of a second into each tick, before its first mark
        long[] perSecond = {500, 500, 900, 0, 0, 0, 0, 0, 0, 0, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200};
        for (int round = 0; round < 6; round++) {
            for (int s = 0; s < perSecond.length; s++) {
                now.addAndGet(SECOND / 2);
                for (long i = 0; i < perSecond[s] + round; i++) {
                    striped.mark();
                    dropwizard.mark();
                }
                now.addAndGet(SECOND / 2);
                if (s % 5 == 4) {
                    now.addAndGet(SECOND / 10);
                    assertSameFigures(striped, dropwizard);
                    now.addAndGet(-SECOND / 10);
                }
            }
        }
        assertThat(striped.getOneMinuteRate()).isGreaterThan(100);
    }

    private static void assertSameFigures(Meter striped, Meter dropwizard) {
        // Dropwizard's meter ticks on its next mark or read, so read it first, as ours is read
        double m1 = dropwizard.getOneMinuteRate();
        assertThat(striped.getCount()).isEqualTo(dropwizard.getCount());
        assertThat(striped.getOneMinuteRate()).isCloseTo(m1, within(1e-9 * Math.max(1, m1)));
        assertThat(striped.getFiveMinuteRate()).isCloseTo(dropwizard.getFiveMinuteRate(), within(1e-6));
        assertThat(striped.getFifteenMinuteRate()).isCloseTo(dropwizard.getFifteenMinuteRate(), within(1e-6));
        assertThat(striped.getMeanRate()).isCloseTo(dropwizard.getMeanRate(), within(1e-9));
    }

    @Test
    void readAfterALongGapTheGapsMarksAreSpreadOverIt() {
        StripedMeter meter = new StripedMeter(clock);
        Meter dropwizard = new Meter(clock);
        now.addAndGet(SECOND / 2);
        // a minute at 20/s, both read every tick; then two minutes at 10/s, ours unread
        for (int tick = 0; tick < 36; tick++) {
            int marks = tick < 12 ? 100 : 50;
            meter.mark(marks);
            dropwizard.mark(marks);
            now.addAndGet(5 * SECOND);
            dropwizard.getOneMinuteRate();
            if (tick < 12) {
                meter.getOneMinuteRate();
            }
        }
        assertThat(meter.getOneMinuteRate()).isCloseTo(dropwizard.getOneMinuteRate(), within(1e-9));
        assertThat(meter.getFiveMinuteRate()).isCloseTo(dropwizard.getFiveMinuteRate(), within(1e-9));
        assertThat(meter.getFifteenMinuteRate()).isCloseTo(dropwizard.getFifteenMinuteRate(), within(1e-9));
        assertThat(meter.getFifteenMinuteRate()).as("still decaying from 20/s").isBetween(10.5, 20.0);
    }

    @Test
    void beforeTheFirstTickTheAveragesAreZeroAndTheMeanIsNot() {
        StripedMeter meter = new StripedMeter(clock);
        meter.mark(30);
        now.addAndGet(3 * SECOND);
        assertThat(meter.getOneMinuteRate()).isZero();
        assertThat(meter.getMeanRate()).isCloseTo(10.0, within(1e-9));
        assertThat(new StripedMeter(clock).getMeanRate()).as("nothing marked").isZero();
    }

    @Test
    void marksFromManyThreadsAreAllCounted() throws InterruptedException {
        StripedMeter meter = new StripedMeter(clock);
        Thread[] threads = new Thread[3 * ThreadStripe.COUNT];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 100_000; i++) {
                    meter.mark();
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(meter.getCount()).isEqualTo(threads.length * 100_000L);
    }
}
