/**
 * Benchmarks of proxy-core's filter API: what running the inbound chain costs each request, with
 * synchronous filters that each read and write one header, the common case.
 */
package io.proxybench.bench.filter;
