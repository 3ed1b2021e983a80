/**
 * How proxy-netty holds HTTP heads: the compact header storage every decoded message gets, the
 * shared words of response heads, and the view of Netty's headers that proxy-core's filters see.
 */
package io.proxybench.netty.http;
