/**
 * TLS on the generator's connections: a client context that trusts one CA (the run's), the engine
 * it runs on (netty-tcnative's BoringSSL or the JDK's), whether each connection offers its earlier
 * session again, and whether a handshake resumed one. Knows nothing of steps or figures.
 */
package io.proxybench.loadgen.tls;
