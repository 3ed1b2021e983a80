/**
 * Benchmarks of the header work both front ends do per request: stripping hop-by-hop headers and
 * adding X-Forwarded-* and Via on a browser-like header block, and stripping a hostile head whose
 * every header is also named in {@code Connection}, where the cost must grow with the head and not
 * with headers times tokens. Each has a build-only baseline to subtract.
 */
package io.proxybench.bench.http;
