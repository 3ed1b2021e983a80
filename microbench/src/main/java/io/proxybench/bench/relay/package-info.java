/**
 * Benchmarks of the Netty front end's per-request relay: the codec work of passing a request
 * head to the origin and a response back, with one flush per read burst or per message, and a
 * whole keep-alive round trip through an in-process proxy against a direct one to the origin.
 */
package io.proxybench.bench.relay;
