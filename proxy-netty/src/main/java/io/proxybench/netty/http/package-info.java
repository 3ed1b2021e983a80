/**
 * Adapters between Netty's HTTP types and proxy-core's: the header view filters see.
 */
package io.proxybench.netty.http;
