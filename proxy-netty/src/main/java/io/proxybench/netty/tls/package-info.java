/**
 * TLS on the client port: the server context built once from the shared {@code tls.*} settings with
 * the provider {@code netty.tls.provider} names ({@link io.proxybench.netty.tls.ClientTlsContext}),
 * and the small per-connection handler that counts each handshake's outcome
 * ({@link io.proxybench.netty.tls.HandshakeOutcomeHandler}). Depends on proxy-core's TLS rules and
 * metrics, not on the relay: the relay's pipeline only places these first.
 */
package io.proxybench.netty.tls;
