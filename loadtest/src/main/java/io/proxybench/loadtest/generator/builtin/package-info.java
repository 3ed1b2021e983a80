/**
 * The built-in load generator as the kit runs it: {@code loadgen/target/proxybench-loadgen.jar} in a
 * JVM of its own, in its {@code --stdin} mode, one process for a front end's whole ramp so that a
 * step adds connections to those of the step before. Each step is one command line on its stdin and
 * one JSON line back, read like wrk's summary; the step's HdrHistogram interval log stays in the
 * front end's raw directory, and its intervals merged into one histogram give the step's exact
 * latency spectrum.
 */
package io.proxybench.loadtest.generator.builtin;
