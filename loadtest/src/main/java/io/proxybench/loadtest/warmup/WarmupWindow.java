package io.proxybench.loadtest.warmup;

/**
 * One window of warm-up load (about a second).
 *
 * @param seconds           how long the window lasted
 * @param rps               requests per second the generator completed in it
 * @param jitMsPerSec       the front end's JIT compile time per second of the window (its compiler threads' CPU where
 *                          read, else the JVM's own count); null when not measured
 *                          (nginx, HAProxy, or its admin endpoint did not answer)
 * @param originJitMsPerSec the origin's JIT compile time per second; null when not measured
 */
public record WarmupWindow(double seconds, double rps, Double jitMsPerSec, Double originJitMsPerSec) {}
