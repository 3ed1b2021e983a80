/**
 * Benchmarks of the Netty front end's per-request relay: the codec work of passing a request
 * head to the origin and a response back, with one flush per read burst or per message, and a
 * whole keep-alive round trip through an in-process proxy against a direct one to the origin,
 * and the header tables the decoders make per message (Netty's default against the proxy's).
 */
package io.proxybench.bench.relay;
