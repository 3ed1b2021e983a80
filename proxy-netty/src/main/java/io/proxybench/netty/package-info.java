/**
 * The Netty front end: its entry point, settings and the server that wires transport, origin
 * pool, relay, watchdog and admin port together.
 */
package io.proxybench.netty;
