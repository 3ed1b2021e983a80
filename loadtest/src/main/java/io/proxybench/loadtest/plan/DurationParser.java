package io.proxybench.loadtest.plan;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them on a command line: {@code 10s}, {@code 500ms}, {@code 0.1ms}, {@code 2m}. */
public final class DurationParser {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|µs|ms|s|m|h)");

    private DurationParser() {
    }

    public static Duration parse(String text, String where) throws PlanException {
        String t = text.trim();
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new PlanException(where + ": '" + t + "' is not a duration (e.g. 10s, 500ms, 0.1ms, 2m)");
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        long nanosPerUnit = switch (m.group(2)) {
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        BigDecimal nanos = amount.multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0) {
            throw new PlanException(where + ": '" + t + "' is too long");
        }
        return Duration.ofNanos(nanos.longValue());
    }

    /** A duration that must be a whole number of seconds (wrk's {@code -d} takes no fractions). */
    public static int wholeSeconds(String text, String where, int min) throws PlanException {
        Duration d = parse(text, where);
        if (d.getNano() != 0) {
            throw new PlanException(where + ": '" + text.trim() + "' must be whole seconds");
        }
        if (d.getSeconds() < min || d.getSeconds() > 24 * 3600) {
            throw new PlanException(where + ": '" + text.trim() + "' is out of range " + min + "s..24h");
        }
        return (int) d.getSeconds();
    }

    /** Renders {@code d} the way it is accepted back, e.g. {@code 50ms}, {@code 0.1ms}, {@code 10s}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        return BigDecimal.valueOf(nanos).movePointLeft(6).stripTrailingZeros().toPlainString() + "ms";
    }
}
