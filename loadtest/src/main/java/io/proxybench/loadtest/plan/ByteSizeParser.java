package io.proxybench.loadtest.plan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes in bytes: {@code 1024}, {@code 1k}, {@code 1KiB}, {@code 2MiB} (binary multiples). */
public final class ByteSizeParser {

    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(b|k|kb|kib|m|mb|mib)?");

    private ByteSizeParser() {
    }

    public static int parse(String text, String where) throws PlanException {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new PlanException(where + ": '" + text.trim() + "' is not a size (e.g. 1024, 1KiB, 64KiB)");
        }
        long multiplier = switch (m.group(2) == null ? "b" : m.group(2)) {
            case "b" -> 1;
            case "k", "kb", "kib" -> 1024;
            default -> 1024 * 1024;
        };
        long bytes;
        try {
            bytes = Math.multiplyExact(Long.parseLong(m.group(1)), multiplier);
        } catch (ArithmeticException | NumberFormatException e) {
            bytes = Long.MAX_VALUE;
        }
        if (bytes > 64L * 1024 * 1024) {
            throw new PlanException(where + ": '" + text.trim() + "' is larger than 64MiB");
        }
        return (int) bytes;
    }
}
