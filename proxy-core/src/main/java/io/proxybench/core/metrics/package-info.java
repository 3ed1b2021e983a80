/**
 * What a proxy process counts and how it is read: the registry both front ends share, with the
 * metric names the kit and the conformance suite rely on; the counts, meters and reservoir the
 * request path writes, each thread into slots of its own so that no cache line travels between
 * cores per request; and the renderers for the admin endpoint's Dropwizard JSON and Prometheus text.
 */
package io.proxybench.core.metrics;
