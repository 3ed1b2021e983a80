package io.proxybench.core.server;

import java.time.Duration;

/** A running front end, as the shared launcher and the conformance suite drive it. */
public interface ProxyServer extends AutoCloseable {

    /** The bound client port. */
    int port();

    /** The bound admin port. */
    int adminPort();

    /**
     * Stops accepting, lets in-flight requests finish for at most {@code drainTimeout}, then closes
     * everything. Returns when all threads the server started have ended.
     */
    void shutdownGracefully(Duration drainTimeout);

    /** Stops at once (no drain). */
    @Override
    default void close() {
        shutdownGracefully(Duration.ZERO);
    }
}
