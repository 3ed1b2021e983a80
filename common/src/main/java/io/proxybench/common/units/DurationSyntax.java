package io.proxybench.common.units;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way every proxybench process writes a duration: on the kit's command line, in the
 * proxies' config keys and on the stub origin's command line.
 *
 * <p>The rule: a non-negative decimal number immediately followed by one unit, {@code ns},
 * {@code us} (or {@code µs}), {@code ms}, {@code s}, {@code m} (minutes) or {@code h}; for example
 * {@code 250us}, {@code 50ms}, {@code 1.5s}, {@code 2m}. A bare {@code 0} needs no unit. Nothing
 * else is accepted: no bare numbers (is {@code 50} milliseconds or seconds?), no sign, no exponent,
 * no space inside, units in lower case only. Surrounding whitespace is ignored. The value must be a
 * whole number of nanoseconds and at most {@link #MAX} ({@code 2562047h}, what a {@code long} of
 * nanoseconds holds). Ranges a process needs (say, at most 1h of modelled latency) are checked by
 * that process after parsing.
 *
 * <p>{@link #format} writes the shortest exact spelling in whole units, which this class parses
 * back to the same value: {@code 50ms}, {@code 100us}, {@code 2m}, {@code 0}.
 */
public final class DurationSyntax {

    /** The longest duration that still fits a {@code long} of nanoseconds, rounded down to whole hours. */
    public static final Duration MAX = Duration.ofHours(2_562_047);

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s|m|h)");

    private static final String UNITS = "ns, us, µs, ms, s, m, h";

    private DurationSyntax() {}

    /**
     * Parses {@code text} by the rule above.
     *
     * @throws IllegalArgumentException with a one-line message that quotes the text and says what is expected
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + t + "' is not a duration: write a number and a unit (" + UNITS
                    + "), e.g. 250us, 50ms, 1.5s, 2m; 0 needs no unit");
        }
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit(m.group(2))));
        if (nanos.compareTo(BigDecimal.valueOf(MAX.toNanos())) > 0) {
            throw new IllegalArgumentException("'" + t + "' is too long: at most " + format(MAX));
        }
        if (nanos.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + t + "' is finer than 1ns");
        }
        return Duration.ofNanos(nanos.longValueExact());
    }

    /**
     * The shortest exact spelling of {@code d} in one whole unit (the largest that divides it), which
     * {@link #parse} reads back to {@code d}.
     *
     * @throws IllegalArgumentException when {@code d} is negative or longer than {@link #MAX}
     */
    public static String format(Duration d) {
        if (d.isNegative() || d.compareTo(MAX) > 0) {
            throw new IllegalArgumentException(
                    "no spelling for " + d + ": durations run from 0 to " + MAX.toHours() + "h");
        }
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0";
        }
        String[] units = {"h", "m", "s", "ms", "us"};
        for (String unit : units) {
            long per = nanosPerUnit(unit);
            if (nanos % per == 0) {
                return nanos / per + unit;
            }
        }
        return nanos + "ns";
    }

    private static long nanosPerUnit(String unit) {
        return switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw new IllegalStateException("unit outside the grammar: " + unit);
        };
    }
}
