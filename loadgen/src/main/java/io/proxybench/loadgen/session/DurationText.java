package io.proxybench.loadgen.session;

import io.proxybench.common.units.DurationSyntax;
import java.time.Duration;

/**
 * Durations on the command line and in the step commands: the project's one grammar
 * ({@link DurationSyntax}: {@code 10s}, {@code 500ms}, {@code 2m}; a bare number is refused, it could
 * mean seconds or milliseconds), bounded to a day, far past any step a generator should run.
 */
public final class DurationText {

    private static final Duration LONGEST = Duration.ofDays(1);

    private DurationText() {}

    /**
     * @throws IllegalArgumentException naming the text when it is not a duration or longer than a day
     */
    public static Duration parse(String text) {
        Duration d = DurationSyntax.parse(text);
        if (d.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("'" + text.strip() + "' is longer than a day");
        }
        return d;
    }
}
