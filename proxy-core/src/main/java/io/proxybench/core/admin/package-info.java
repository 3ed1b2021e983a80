/**
 * The admin routes both front ends serve on their admin port: {@code /health}, which answers 503
 * once a drain has begun, and the metrics as JSON ({@code /metrics}) and Prometheus text
 * ({@code /metrics/prometheus}), and {@code /resolved}, what the server decided at start (a run
 * records it, because the same settings can resolve differently on another machine).
 * {@code AdminEndpoints} turns a method and URI into an {@code AdminResponse}, which each front end
 * writes with its own server.
 */
package io.proxybench.core.admin;
