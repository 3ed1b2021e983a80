package io.proxybench.origin.behavior;

import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes the short duration spelling used on the command line: {@code 50ms}, {@code 250us}, {@code 1.5s}. */
public final class DurationText {

    /** Longer than any latency worth modelling; larger values are almost always a unit typo. */
    public static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);

    private static final Pattern SPELLING = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|ms|s)");

    private DurationText() {
    }

    /**
     * Parses a non-negative duration; a bare {@code 0} needs no unit.
     *
     * @throws IllegalArgumentException naming the text when it is not a duration
     */
    public static long parseNanos(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.equals("0")) {
            return 0;
        }
        Matcher m = SPELLING.matcher(trimmed);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (expected e.g. 50ms, 250us, 1s or 0)");
        }
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit(m.group(2))));
        if (nanos.compareTo(BigDecimal.valueOf(MAX_NANOS)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is longer than the 1h limit");
        }
        return nanos.longValue();
    }

    /** The shortest exact spelling, so that a parsed value prints back the way a user would write it. */
    public static String format(long nanos) {
        if (nanos == 0) {
            return "0";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos % 1_000L == 0) {
            return nanos / 1_000L + "us";
        }
        return nanos + "ns";
    }

    private static long nanosPerUnit(String unit) {
        switch (unit) {
            case "ns":
                return 1L;
            case "us":
                return 1_000L;
            case "ms":
                return 1_000_000L;
            default:
                return 1_000_000_000L;
        }
    }
}
