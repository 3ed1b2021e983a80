package io.proxybench.origin.behavior;

import io.proxybench.common.units.DurationSyntax;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long the origin waits between receiving a complete request and answering it.
 * Spelled {@code 50ms}, {@code 0}, or {@code uniform:40ms..60ms}, durations as {@link DurationSyntax} reads them.
 */
public sealed interface LatencyModel permits LatencyModel.Fixed, LatencyModel.Uniform {

    LatencyModel NONE = new Fixed(0);

    /** Longer than any latency worth modelling; larger values are almost always a unit typo. */
    Duration MAX = Duration.ofHours(1);

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
                throw new IllegalArgumentException(
                        "'" + text + "' is not a latency range (expected uniform:MIN..MAX, e.g. uniform:40ms..60ms)");
            }
            long min = delayNanos(range.substring(0, dots));
            long max = delayNanos(range.substring(dots + 2));
            return new Uniform(min, max);
        }
        return new Fixed(delayNanos(trimmed));
    }

    private static long delayNanos(String text) {
        Duration d = DurationSyntax.parse(text);
        if (d.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("'" + text.strip() + "' is longer than the 1h limit");
        }
        return d.toNanos();
    }

    private static String spell(long nanos) {
        return DurationSyntax.format(Duration.ofNanos(nanos));
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
            return spell(nanos);
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
                throw new IllegalArgumentException(
                        "latency range is reversed: " + spell(minNanos) + ".." + spell(maxNanos));
            }
        }

        @Override
        public long sampleNanos() {
            return minNanos == maxNanos ? minNanos : ThreadLocalRandom.current().nextLong(minNanos, maxNanos + 1);
        }

        @Override
        public String spelling() {
            return "uniform:" + spell(minNanos) + ".." + spell(maxNanos);
        }

        @Override
        public String toString() {
            return spelling();
        }
    }
}
