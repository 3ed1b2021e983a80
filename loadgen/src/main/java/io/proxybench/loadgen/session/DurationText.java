package io.proxybench.loadgen.session;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The short duration spelling of the command line and the step commands: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1.5s}; a bare number is seconds, as in wrk. */
public final class DurationText {

    private static final Pattern SPELLING = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)?");

    private DurationText() {
    }

    /**
     * @throws IllegalArgumentException naming the text when it is not a duration
     */
    public static Duration parse(String text) {
        Matcher m = SPELLING.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. 10s, 500ms, 2m)");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        long millisPerUnit = switch (unit) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        BigDecimal millis = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(millisPerUnit));
        if (millis.compareTo(BigDecimal.valueOf(Duration.ofDays(1).toMillis())) > 0) {
            throw new IllegalArgumentException("'" + text + "' is longer than a day");
        }
        return Duration.ofNanos(millis.multiply(BigDecimal.valueOf(1_000_000)).longValue());
    }
}
