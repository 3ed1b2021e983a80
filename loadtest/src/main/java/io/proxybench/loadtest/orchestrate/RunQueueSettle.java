package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.results.RunMetadata.Readiness;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits before each front end until the machine is as idle as it was before the run started: the
 * mean run queue ({@code procs_running}) over the last {@link #WINDOW_MS} back within {@link #MARGIN}
 * of the baseline, at most {@link #CAP_MS}. A JVM that was just stopped can leave its threads, the
 * kernel's socket clean-up and the page cache busy for seconds; the next front end's first step
 * would pay for them.
 */
final class RunQueueSettle {

    private static final Logger LOG = LoggerFactory.getLogger(RunQueueSettle.class);

    static final double MARGIN = 0.5;
    static final long WINDOW_MS = 3000;
    static final long CAP_MS = 30_000;
    static final long PERIOD_MS = 250;

    /** Time, and the wait between readings. */
    interface Clock {
        long millis();

        void sleep(long ms) throws InterruptedException;
    }

    static final Clock SYSTEM = new Clock() {
        @Override
        public long millis() {
            return System.nanoTime() / 1_000_000;
        }

        @Override
        public void sleep(long ms) throws InterruptedException {
            Thread.sleep(ms);
        }
    };

    /** The wait's outcome. */
    record Settled(double seconds, double runQueue, boolean settled) {}

    private final DoubleSupplier runQueue;
    private final Clock clock;
    private final BooleanSupplier interrupted;
    private double baseline = Double.NaN;

    /** @param runQueue runnable tasks now; NaN when it cannot be read */
    RunQueueSettle(DoubleSupplier runQueue, Clock clock, BooleanSupplier interrupted) {
        this.runQueue = runQueue;
        this.clock = clock;
        this.interrupted = interrupted;
    }

    /** Takes the idle baseline: the mean over one window, before the run starts anything. */
    double measureBaseline() {
        Deque<Double> window = new ArrayDeque<>();
        long start = clock.millis();
        while (clock.millis() - start < WINDOW_MS && !interrupted.getAsBoolean()) {
            read(window);
            if (!pause()) {
                break;
            }
        }
        baseline = mean(window);
        LOG.info("idle run queue before the run: {}", format(baseline));
        return baseline;
    }

    /** Waits until the machine is back near the baseline; at once when there is none (unreadable /proc). */
    Settled await(String label) {
        long start = clock.millis();
        Deque<Double> window = new ArrayDeque<>();
        Deque<Long> times = new ArrayDeque<>();
        double mean = Double.NaN;
        boolean settled = Double.isNaN(baseline);
        while (!settled && !interrupted.getAsBoolean()) {
            long now = clock.millis();
            read(window);
            times.addLast(now);
            while (now - times.peekFirst() > WINDOW_MS) {
                times.removeFirst();
                window.removeFirst();
            }
            mean = mean(window);
            boolean full = now - start >= WINDOW_MS;
            if (full && mean <= baseline + MARGIN) {
                settled = true;
            } else if (now - start >= CAP_MS || !pause()) {
                break;
            }
        }
        double seconds = (clock.millis() - start) / 1000.0;
        if (settled) {
            LOG.info(
                    "[{}] machine settled in {} s: run queue {} (idle {})",
                    label,
                    format(seconds),
                    format(mean),
                    format(baseline));
        } else if (!interrupted.getAsBoolean()) {
            LOG.warn(
                    "[{}] machine not settled after {} s: run queue {} (idle {}); starting all the same",
                    label,
                    format(seconds),
                    format(mean),
                    format(baseline));
        }
        return new Settled(seconds, mean, settled);
    }

    /** run.json's record of the wait before a front end and of its warm-up. */
    Readiness readiness(Settled settled, WarmupPhase.Outcome warm) {
        return new Readiness(
                round(settled.seconds()),
                round(baseline),
                round(settled.runQueue()),
                settled.settled(),
                round(warm.seconds()),
                warm.end().id());
    }

    private void read(Deque<Double> window) {
        double value = runQueue.getAsDouble();
        window.addLast(value);
    }

    private boolean pause() {
        try {
            clock.sleep(PERIOD_MS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static double mean(Deque<Double> values) {
        return values.stream()
                .mapToDouble(Double::doubleValue)
                .filter(Double::isFinite)
                .average()
                .orElse(Double.NaN);
    }

    private static Double round(double value) {
        return Double.isFinite(value) ? Math.round(value * 100) / 100.0 : null;
    }

    private static String format(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.2f", value) : "unknown";
    }
}
