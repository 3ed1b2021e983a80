/**
 * What both front ends agree on when their client port speaks TLS: the settings as read from the
 * configuration ({@link io.proxybench.core.tls.TlsSettings}), the cipher suites they allow
 * ({@link io.proxybench.core.tls.StrongCiphers}) and the reasons a handshake fails, each counted
 * under its own metric ({@link io.proxybench.core.tls.HandshakeFailure}). Plain data and rules:
 * no TLS library is used here, so each front end keeps its own engine (Netty's, Tomcat's).
 */
package io.proxybench.core.tls;
