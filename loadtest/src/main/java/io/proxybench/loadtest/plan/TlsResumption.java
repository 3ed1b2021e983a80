package io.proxybench.loadtest.plan;

import java.util.Locale;

/** {@code --tls-resumption}: whether clients may resume TLS sessions (tickets and the server's cache). */
public enum TlsResumption {
    ON,
    OFF;

    /** As the command line writes it, and run.json records it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean enabled() {
        return this == ON;
    }

    @Override
    public String toString() {
        return id();
    }
}
