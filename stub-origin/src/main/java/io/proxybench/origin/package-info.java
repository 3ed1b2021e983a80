/**
 * The stub origin the proxies are measured against: it answers any request with a seeded payload
 * after a modelled latency, injects faults on request, and counts what it sees, served as JSON at
 * {@code /_origin/stats}. Run in-process through {@code StubOrigin} and {@code StubOriginOptions},
 * or from its command line, which prints its port once bound and drains on SIGTERM or SIGINT.
 */
package io.proxybench.origin;
