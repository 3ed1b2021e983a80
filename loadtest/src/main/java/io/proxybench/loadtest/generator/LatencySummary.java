package io.proxybench.loadtest.generator;

/** Response time of the completed requests of a step, in milliseconds. */
public record LatencySummary(double meanMs, double p50Ms, double p75Ms, double p90Ms, double p99Ms, double maxMs) {}
