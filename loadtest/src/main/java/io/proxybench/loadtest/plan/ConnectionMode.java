package io.proxybench.loadtest.plan;

import java.util.Locale;

/** How the generator treats its connections. */
public enum ConnectionMode {
    /** Connections stay open for the whole step, as behind a load balancer that reuses them. */
    KEEPALIVE,
    /** Every request on a new TCP connection ({@code Connection: close}, the generator reconnects). */
    CHURN;

    /** As the command line writes it, and run.json records it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** As the command line writes it: {@code --help} lists it so. */
    @Override
    public String toString() {
        return id();
    }
}
