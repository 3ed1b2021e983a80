/**
 * Benchmarks of Netty's pooled allocator as proxy-netty uses it: the buffers one proxied request
 * takes and gives back, under the JVM-wide allocator settings the proxy chooses at start, each
 * setting in a fork of its own because Netty reads it once per process.
 */
package io.proxybench.bench.buffer;
