/**
 * Routing requests to origins: a route table that picks the longest matching path prefix, and for
 * each route a group of origin servers ({@code host:port}) taken round robin without a lock. Parsed
 * from config once, immutable, and shared between threads.
 */
package io.proxybench.core.route;
