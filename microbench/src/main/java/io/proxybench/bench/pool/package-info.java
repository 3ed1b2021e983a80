/**
 * Benchmarks of the Netty front end's origin connection pool on its hot path: borrowing a
 * kept-alive connection and returning it, from one, two and four threads playing event loops that
 * share one origin host, so that a lock or contention would show as time growing with threads. A
 * thread-owned executor runs loop-confined pool code on the benchmark thread.
 */
package io.proxybench.bench.pool;
