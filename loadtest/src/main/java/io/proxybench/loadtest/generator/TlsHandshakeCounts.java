package io.proxybench.loadtest.generator;

/**
 * The TLS handshakes a generator itself counted in a step (the built-in generator does; wrk does not).
 *
 * @param handshakes handshakes that succeeded
 * @param resumed    those that resumed an earlier session
 */
public record TlsHandshakeCounts(long handshakes, long resumed) {}
