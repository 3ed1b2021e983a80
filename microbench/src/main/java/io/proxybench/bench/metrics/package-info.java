/**
 * Benchmarks of what the proxies record per request: the two timers every request updates, with
 * the reservoir the proxies use against Dropwizard's sampling one, written from one thread and
 * from two at once as the event loops do.
 */
package io.proxybench.bench.metrics;
