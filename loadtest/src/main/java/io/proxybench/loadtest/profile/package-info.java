/**
 * Profilers the kit drives from outside a running front end, one recording per measured step:
 * inside a JVM, Flight Recorder through the JDK's {@code jcmd} and async-profiler (CPU and
 * allocation flame graphs) through the {@code asprof} that ap-loader bundles, and a recording of
 * virtual threads pinning their carriers read back with the JDK's own parser; for any process,
 * nginx's as well, its system calls counted by {@code perf stat}. Each call names the processes by
 * pid and a file to write; when a step starts and ends, and what a failure means for the run, is
 * decided by orchestrate.
 */
package io.proxybench.loadtest.profile;
