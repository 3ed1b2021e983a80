package io.proxybench.loadtest.plan;

import java.util.Locale;

/**
 * {@code --tls-client}: the TLS engine of the load's client, as proxy-netty's {@code tls.provider}
 * chooses the server's. A generator that cannot use the one asked for refuses the run; none falls
 * back in silence, so the recorded choice is the engine that ran.
 */
public enum TlsClientProvider {
    /** netty-tcnative's statically linked BoringSSL (built-in generator, Gatling); wrk's OpenSSL. */
    OPENSSL,
    /** The JDK's own engine (built-in generator, Gatling). */
    JDK;

    /** As the command line writes it, and run.json records it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return id();
    }
}
