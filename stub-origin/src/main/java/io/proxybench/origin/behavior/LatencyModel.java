package io.proxybench.origin.behavior;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long the origin waits between receiving a complete request and answering it.
 * Spelled {@code 50ms}, {@code 0}, or {@code uniform:40ms..60ms}.
 */
public sealed interface LatencyModel permits LatencyModel.Fixed, LatencyModel.Uniform {

    LatencyModel NONE = new Fixed(0);

    /** The delay for one request, in nanoseconds. */
    long sampleNanos();

    /** The text this model was (or could have been) parsed from. */
    String spelling();

    static LatencyModel fixed(Duration delay) {
        return new Fixed(delay.toNanos());
    }

    static LatencyModel uniform(Duration min, Duration max) {
        return new Uniform(min.toNanos(), max.toNanos());
    }

    /**
     * Parses the command-line spelling.
     *
     * @throws IllegalArgumentException with a one-line reason when the text is not a latency model
     */
    static LatencyModel parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.startsWith("uniform:")) {
            String range = trimmed.substring("uniform:".length());
            int dots = range.indexOf("..");
            if (dots < 0) {
                throw new IllegalArgumentException("'" + text + "' is not a latency range (expected uniform:MIN..MAX, e.g. uniform:40ms..60ms)");
            }
            long min = DurationText.parseNanos(range.substring(0, dots));
            long max = DurationText.parseNanos(range.substring(dots + 2));
            return new Uniform(min, max);
        }
        return new Fixed(DurationText.parseNanos(trimmed));
    }

    /** Every request waits the same time. */
    record Fixed(long nanos) implements LatencyModel {
        public Fixed {
            if (nanos < 0) {
                throw new IllegalArgumentException("latency must not be negative: " + nanos + "ns");
            }
        }

        @Override
        public long sampleNanos() {
            return nanos;
        }

        @Override
        public String spelling() {
            return DurationText.format(nanos);
        }

        @Override
        public String toString() {
            return spelling();
        }
    }

    /** Each request waits a time drawn uniformly from [min, max]. */
    record Uniform(long minNanos, long maxNanos) implements LatencyModel {
        public Uniform {
            if (minNanos < 0) {
                throw new IllegalArgumentException("latency must not be negative: " + minNanos + "ns");
            }
            if (maxNanos < minNanos) {
                throw new IllegalArgumentException("latency range is reversed: "
                        + DurationText.format(minNanos) + ".." + DurationText.format(maxNanos));
            }
        }

        @Override
        public long sampleNanos() {
            return minNanos == maxNanos ? minNanos : ThreadLocalRandom.current().nextLong(minNanos, maxNanos + 1);
        }

        @Override
        public String spelling() {
            return "uniform:" + DurationText.format(minNanos) + ".." + DurationText.format(maxNanos);
        }

        @Override
        public String toString() {
            return spelling();
        }
    }
}
