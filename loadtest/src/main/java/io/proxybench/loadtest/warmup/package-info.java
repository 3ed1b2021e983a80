/**
 * When a front end is warm: the pure decision that ends an automatic warm-up, from one-second windows
 * of its load (req/s) and of the JIT compile time its JVM and the origin's spent, with the thresholds
 * and the cap that bound it. No processes, clocks or I/O here: the orchestrator feeds the windows and
 * acts on the verdict, so that the rule can be tested on made-up series.
 */
package io.proxybench.loadtest.warmup;
