/**
 * What the proxy's tests share: starting proxies and origins the way the launcher would, and
 * starting a program in a JVM of its own when a test must watch a whole process.
 */
package io.proxybench.netty.support;
