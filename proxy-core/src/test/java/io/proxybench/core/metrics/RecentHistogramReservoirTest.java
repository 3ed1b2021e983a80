package io.proxybench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.codahale.metrics.Snapshot;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RecentHistogramReservoirTest {

    private static final long WINDOW = 60_000_000_000L;
    private final AtomicLong now = new AtomicLong(1_000L);
    private final RecentHistogramReservoir reservoir = new RecentHistogramReservoir(WINDOW, now::get);

    @Test
    void everyValueIsCountedAndQuantilesHoldToATenthOfAPercent() {
        for (long v = 1; v <= 100_000; v++) {
            reservoir.update(v * 1_000);
        }
        Snapshot s = reservoir.getSnapshot();
        assertThat(s.size()).isEqualTo(100_000);
        assertThat(s.getMedian()).isCloseTo(50_000_000, within(50_000.0));
        assertThat(s.get99thPercentile()).isCloseTo(99_000_000, within(99_000.0));
        assertThat(s.get999thPercentile()).isCloseTo(99_900_000, within(99_900.0));
        assertThat(s.getMin()).isCloseTo(1_000L, within(1L));
        assertThat(s.getMax()).isCloseTo(100_000_000L, within(100_000L));
        assertThat(s.getMean()).isCloseTo(50_000_500, within(50_000.0));
        assertThat(s.getStdDev()).isCloseTo(28_867_513, within(100_000.0));
    }

    @Test
    void readEveryHalfWindowASnapshotCoversTheLastOneToTwoWindows() {
        reservoir.update(1_000_000);
        now.addAndGet(WINDOW / 2);
        assertThat(reservoir.getSnapshot().size()).isEqualTo(1);
        reservoir.update(2_000_000);

        now.addAndGet(WINDOW * 7 / 10);
        assertThat(reservoir.getSnapshot().size())
                .as("rolled: the first window is now the previous one")
                .isEqualTo(2);
        reservoir.update(3_000_000);
        now.addAndGet(WINDOW / 2);
        assertThat(reservoir.getSnapshot().size())
                .as("previous window and the current one")
                .isEqualTo(3);
        assertThat(reservoir.size())
                .as("the reservoir counts what its snapshot holds")
                .isEqualTo(3);

        now.addAndGet(WINDOW / 2);
        Snapshot s = reservoir.getSnapshot();
        assertThat(s.size())
                .as("rolled again: the first window's values are gone")
                .isEqualTo(1);
        assertThat(s.getMin()).isCloseTo(3_000_000L, within(3_000L));
    }

    @Test
    void valuesRecordedBeforeARollAreKeptForOneMoreWindow() {
        now.addAndGet(WINDOW - 1);
        reservoir.update(5_000_000);
        now.addAndGet(2);
        // drained into the window it was recorded in, which is the previous one after this roll
        assertThat(reservoir.getSnapshot().size()).isEqualTo(1);
        now.addAndGet(WINDOW);
        assertThat(reservoir.getSnapshot().size()).isZero();
    }

    @Test
    void aNegativeDurationIsIgnored() {
        reservoir.update(-5);
        reservoir.update(7_000);
        Snapshot s = reservoir.getSnapshot();
        assertThat(s.size()).isEqualTo(1);
        assertThat(s.getMin()).isCloseTo(7_000L, within(7L));
    }

    @Test
    void aDurationAboveAnHourCountsAsAnHour() {
        reservoir.update(2_000_000);
        reservoir.update(RecentHistogramReservoir.HIGHEST_NANOS * 5);
        Snapshot s = reservoir.getSnapshot();
        assertThat(s.size()).as("counted, not dropped").isEqualTo(2);
        assertThat(s.getMax()).isCloseTo(3_600_000_000_000L, within(3_600_000_000L));
        assertThat(s.getMin()).isCloseTo(2_000_000L, within(2_000L));
    }

    @Test
    void valuesAsLargeAsBeforeAreCountedAfterTheFirstRead() {
        // the first read swaps each recorder's second histogram in: it must take the same values
        reservoir.update(50_000_000_000L);
        assertThat(reservoir.getSnapshot().size()).isEqualTo(1);
        reservoir.update(50_000_000_000L);
        reservoir.update(3_000_000_000_000L);
        Snapshot s = reservoir.getSnapshot();
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.getMax()).isCloseTo(3_000_000_000_000L, within(3_000_000_000L));
    }

    @Test
    void anEmptySnapshotReadsZeroEverywhere() {
        Snapshot s = reservoir.getSnapshot();
        assertThat(s.size()).isZero();
        assertThat(s.getValues()).isEmpty();
        assertThat(s.get99thPercentile()).isZero();
        assertThat(new double[] {s.getMean(), s.getStdDev(), s.getMin(), s.getMax()})
                .containsOnly(0.0);
    }

    @Test
    void aQuantileOutsideZeroToOneIsRefused() {
        Snapshot s = reservoir.getSnapshot();
        assertThatThrownBy(() -> s.getValue(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.getValue(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valuesAreListedInOrderAndCappedForALargeWindow() {
        reservoir.update(3_000);
        reservoir.update(1_000);
        reservoir.update(1_000);
        assertThat(reservoir.getSnapshot().getValues()).hasSize(3).isSorted();
        assertThat(reservoir.getSnapshot().getValues()[0]).isCloseTo(1_000L, within(1L));

        for (long v = 0; v < 200_000; v++) {
            reservoir.update(1_000 + v % 1_000);
        }
        long[] values = reservoir.getSnapshot().getValues();
        assertThat(values).hasSize(HistogramSnapshot.MAX_LISTED_VALUES).isSorted();
        assertThat(values[0]).isCloseTo(1_000L, within(1L));
        // evenly spaced quantiles stop short of a value seen once in 200,000; the maximum still has it
        assertThat(values[values.length - 1]).isCloseTo(1_999L, within(2L));
        assertThat(reservoir.getSnapshot().getMax()).isCloseTo(3_000L, within(3L));
    }

    @Test
    void dumpWritesOneValuePerLine() {
        reservoir.update(1_000);
        reservoir.update(2_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reservoir.getSnapshot().dump(out);
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(2);
    }

    @Test
    void updatesFromTwoThreadsAtOnceAreAllCounted() throws Exception {
        int perThread = 200_000;
        CountDownLatch start = new CountDownLatch(1);
        Runnable writer = () -> {
            try {
                start.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (int i = 0; i < perThread; i++) {
                reservoir.update(1_000 + i);
            }
        };
        Thread a = new Thread(writer);
        Thread b = new Thread(writer);
        a.start();
        b.start();
        start.countDown();
        // reading while they write must neither lose nor double-count a value
        long seen = 0;
        while (a.isAlive() || b.isAlive()) {
            seen = Math.max(seen, reservoir.getSnapshot().size());
        }
        a.join();
        b.join();
        assertThat(reservoir.getSnapshot().size()).isEqualTo(2 * perThread).isGreaterThanOrEqualTo((int) seen);
    }
}
