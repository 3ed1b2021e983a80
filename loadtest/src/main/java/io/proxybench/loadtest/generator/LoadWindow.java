package io.proxybench.loadtest.generator;

/**
 * When a step's load was really on, as the generator measured it (wall clock, milliseconds), for a
 * generator whose process does more than the load (a JVM that starts, warms up and writes a report).
 */
public record LoadWindow(long startEpochMs, long endEpochMs) {

    public LoadWindow {
        if (endEpochMs < startEpochMs) {
            throw new IllegalArgumentException(
                    "load window ends (" + endEpochMs + ") before it starts (" + startEpochMs + ")");
        }
    }

    public double seconds() {
        return (endEpochMs - startEpochMs) / 1000.0;
    }
}
