/**
 * The admin port: metrics and health over the JDK's own HTTP server, on a thread of its own so
 * that a busy proxy still answers it, and apart from Netty's HTTP codec so that a scrape never
 * runs the proxy's compiled request path with types it was not compiled for.
 */
package io.proxybench.netty.admin;
