package io.proxybench.loadtest.plan;

import io.proxybench.common.units.DurationSyntax;
import java.time.Duration;

/**
 * Durations on the kit's command line, read and written by {@link DurationSyntax}, the rule the
 * proxies and the stub origin follow too: {@code 10s}, {@code 500ms}, {@code 0.1ms}, {@code 2m}, {@code 0}.
 */
public final class DurationParser {

    private DurationParser() {}

    public static Duration parse(String text, String where) throws PlanException {
        try {
            return DurationSyntax.parse(text);
        } catch (IllegalArgumentException e) {
            throw new PlanException(where + ": " + e.getMessage());
        }
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

    /** Renders {@code d} the way every process reads it back, e.g. {@code 50ms}, {@code 100us}, {@code 10s}. */
    public static String format(Duration d) {
        return DurationSyntax.format(d);
    }
}
