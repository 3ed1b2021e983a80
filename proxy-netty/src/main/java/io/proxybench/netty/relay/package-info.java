/**
 * The HTTP relay of the Netty front end: a client connection's pipeline and, for each request on
 * it, the way to the origin and back, one class per direction as Zuul names them
 * ({@link io.proxybench.netty.relay.ClientRequestReceiver}, {@link io.proxybench.netty.relay.OriginRelay}
 * with {@link io.proxybench.netty.relay.OriginResponseReceiver},
 * {@link io.proxybench.netty.relay.ClientResponseWriter}), tied together by
 * {@link io.proxybench.netty.relay.ProxiedRequest} (each part holds it as {@code proxied}; the
 * server-wide {@link io.proxybench.netty.relay.ProxyContext} is its {@code proxy}, the client
 * connection its {@code client}), plus the checks and header rewriting they apply and the client
 * timeouts. Everything of one request runs on its client connection's event loop. Depends on the
 * origin pool and origin channels, never the other way.
 */
package io.proxybench.netty.relay;
