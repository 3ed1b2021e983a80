package io.proxybench.origin;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * Turns SIGTERM and SIGINT into an ordinary stop request. Left to the JVM, either signal would run the
 * shutdown hooks while the origin is still serving and end with status 143; handled here, the main thread
 * drains the origin and exits 0 through {@code System.exit}, so every shutdown hook (a JFR dump, say) still runs.
 * {@code sun.misc.Signal} lives in the {@code jdk.unsupported} module, kept open for exactly this use.
 */
final class StopSignals {

    private static final Logger log = LoggerFactory.getLogger(StopSignals.class);

    private StopSignals() {}

    static void onStop(Runnable stop) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    log.info("SIG{} received, draining", signal.getName());
                    stop.run();
                });
            } catch (IllegalArgumentException e) {
                log.warn("cannot handle SIG{} here ({}); the JVM's default applies", name, e.getMessage());
            }
        }
    }
}
