/**
 * The Tomcat front end's part of the shared metrics: client-connection counts and slow-head
 * timeouts fed by the connector's events, and gauges read when the metrics are rendered, from
 * Tomcat's request threads and connection count and from HttpClient's origin pool.
 */
package io.proxybench.tomcat.metrics;
