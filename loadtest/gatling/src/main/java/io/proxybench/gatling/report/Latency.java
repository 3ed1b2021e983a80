package io.proxybench.gatling.report;

/** Response times in milliseconds as a Gatling report shows them (whole milliseconds). */
public record Latency(
        double minMs,
        double meanMs,
        double p50Ms,
        double p75Ms,
        double p90Ms,
        double p99Ms,
        double maxMs,
        double stdDevMs) {}
