/**
 * What lets the shared command line start either front end: a {@code ProxyServerFactory} gives its
 * name, its config schema and a way to start a {@code ProxyServer} (client and admin ports,
 * graceful drain). {@code ProxyLauncher} is that command line: flags onto config keys, one
 * {@code listening port=N admin=M} line on stdout once bound, and a drained stop when the process
 * is told to end.
 */
package io.proxybench.core.server;
