/**
 * What a proxy process counts and how it is read: the registry both front ends share, with the
 * metric names the kit and the conformance suite rely on, the reservoir behind the per-request
 * timers, and the renderers for the admin endpoint's Dropwizard JSON and Prometheus text.
 */
package io.proxybench.core.metrics;
