/**
 * The admin routes both front ends serve on their admin port: {@code /health}, which answers 503
 * once a drain has begun, and the metrics as JSON ({@code /metrics}) and Prometheus text
 * ({@code /metrics/prometheus}). {@code AdminEndpoints} turns a method and URI into an
 * {@code AdminResponse}, which each front end writes with its own server.
 */
package io.proxybench.core.admin;
