package io.proxybench.core.config;

import java.time.Duration;
import java.util.Locale;

/** Parses durations as people write them: {@code 500us}, {@code 50ms}, {@code 2s}, {@code 1m}; a bare number is ms. */
public final class DurationValue {

    private DurationValue() {
    }

    public static Duration parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty duration");
        }
        int unitAt = s.length();
        while (unitAt > 0 && !Character.isDigit(s.charAt(unitAt - 1))) {
            unitAt--;
        }
        String number = s.substring(0, unitAt);
        String unit = s.substring(unitAt);
        double value;
        try {
            value = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (use e.g. 50ms, 2s, 1m)");
        }
        if (value < 0) {
            throw new IllegalArgumentException("negative duration: '" + text + "'");
        }
        double nanos = switch (unit) {
            case "ns" -> value;
            case "us", "µs" -> value * 1e3;
            case "", "ms" -> value * 1e6;
            case "s" -> value * 1e9;
            case "m", "min" -> value * 60e9;
            case "h" -> value * 3600e9;
            default -> throw new IllegalArgumentException("unknown duration unit '" + unit + "' in '" + text + "' (ns, us, ms, s, m, h)");
        };
        return Duration.ofNanos(Math.round(nanos));
    }
}
