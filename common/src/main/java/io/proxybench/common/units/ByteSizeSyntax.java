package io.proxybench.common.units;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way every proxybench process writes a size in bytes: payload sizes for the kit and the
 * stub origin, buffer and header limits for the proxies.
 *
 * <p>The rule: a non-negative whole number, either bare (bytes) or immediately followed by one
 * unit: {@code B}, {@code KiB}, {@code MiB} or {@code GiB} (binary multiples: 1KiB = 1024B); for
 * example {@code 1024}, {@code 1KiB}, {@code 64KiB}, {@code 2MiB}. A bare number is accepted because
 * a byte count has only one sensible unit. Nothing else is accepted: no fractions, no sign, no space
 * inside, and no decimal-looking units ({@code k}, {@code KB}, {@code MB}), which some tools read as
 * 1000 and others as 1024. Surrounding whitespace is ignored. The value must fit a {@code long}.
 * Ranges a process needs (say, a payload of at most 64MiB) are checked by that process.
 *
 * <p>{@link #format} writes the largest whole binary unit, which this class parses back:
 * {@code 1KiB}, {@code 1000B}, {@code 0}.
 */
public final class ByteSizeSyntax {

    private static final Pattern FORM = Pattern.compile("(\\d+)(B|KiB|MiB|GiB)?");

    private ByteSizeSyntax() {}

    /**
     * Parses {@code text} by the rule above.
     *
     * @throws IllegalArgumentException with a one-line message that quotes the text and says what is expected
     */
    public static long parse(String text) {
        String t = text == null ? "" : text.strip();
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + t + "' is not a size: write a whole number of bytes, "
                    + "bare or with a unit (B, KiB, MiB, GiB), e.g. 1024, 64KiB, 2MiB");
        }
        BigInteger bytes = new BigInteger(m.group(1)).shiftLeft(shiftOf(m.group(2)));
        if (bytes.bitLength() > 63) {
            throw new IllegalArgumentException("'" + t + "' is too large: at most " + Long.MAX_VALUE + "B");
        }
        return bytes.longValue();
    }

    /** The largest whole binary unit for {@code bytes}, which {@link #parse} reads back. */
    public static String format(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("no spelling for a negative size: " + bytes);
        }
        if (bytes == 0) {
            return "0";
        }
        String[] units = {"GiB", "MiB", "KiB"};
        for (String unit : units) {
            long per = 1L << shiftOf(unit);
            if (bytes % per == 0) {
                return bytes / per + unit;
            }
        }
        return bytes + "B";
    }

    private static int shiftOf(String unit) {
        if (unit == null) {
            return 0;
        }
        return switch (unit) {
            case "B" -> 0;
            case "KiB" -> 10;
            case "MiB" -> 20;
            case "GiB" -> 30;
            default -> throw new IllegalStateException("unit outside the grammar: " + unit);
        };
    }
}
