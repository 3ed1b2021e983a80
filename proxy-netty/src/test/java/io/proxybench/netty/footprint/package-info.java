/**
 * Hand-run footprint checks of the Netty front end, not tests: heap and RSS per idle keep-alive
 * connection, and heap allocated per proxied request. Each is a {@code main} that starts a stub
 * origin and a proxy and prints figures; nothing here asserts a size or a time.
 */
package io.proxybench.netty.footprint;
