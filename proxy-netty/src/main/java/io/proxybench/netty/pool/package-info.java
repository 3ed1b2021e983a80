/**
 * The origin connection pool: per event loop and origin host, loop-confined idle stacks and wait
 * queues with one shared per-host limit. Generic over the connection type, so it depends on no
 * channel or HTTP code and its tests use fake connections.
 */
package io.proxybench.netty.pool;
