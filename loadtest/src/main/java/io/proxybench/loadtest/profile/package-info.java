/**
 * Profilers the kit drives inside a running JVM front end, from outside it, one recording per
 * measured step: Flight Recorder through the JDK's {@code jcmd}, and async-profiler (CPU and
 * allocation flame graphs) through the {@code asprof} that ap-loader bundles. Each call names the
 * process by pid and a file to write; when a step starts and ends, and what a failure means for
 * the run, is decided by orchestrate.
 */
package io.proxybench.loadtest.profile;
