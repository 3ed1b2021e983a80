package io.proxybench.loadtest.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the kit stops an external front end: a signal to its process, then, past the grace period, a
 * kill of its whole process tree. Proxies differ: nginx stops gracefully on QUIT, Envoy and Caddy on
 * TERM, Apache httpd on WINCH.
 *
 * @param signal the first signal
 * @param grace  how long it may take to exit after it
 */
public record StopPolicy(Signal signal, Duration grace) {

    public static final StopPolicy DEFAULT = new StopPolicy(Signal.TERM, Duration.ofSeconds(10));

    /** The signals a proxy may want to stop on. */
    public enum Signal {
        TERM,
        INT,
        QUIT,
        HUP,
        WINCH,
        USR1,
        USR2;

        public static Signal parse(String text) throws PlanException {
            String name = text.trim().toUpperCase(Locale.ROOT).replaceFirst("^SIG", "");
            for (Signal signal : values()) {
                if (signal.name().equals(name)) {
                    return signal;
                }
            }
            throw new PlanException("stop signal '" + text + "': expected one of "
                    + Arrays.stream(values()).map(Signal::name).collect(Collectors.joining(", ")));
        }
    }
}
