package io.proxybench.loadtest.plan;

import java.util.Locale;

/** What to record inside the JVM front ends while they are measured ({@code --profile}). */
public enum Profiler {
    NONE,
    /** Java Flight Recorder with the {@code profile} settings, dumped on exit to the raw directory. */
    JFR;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
