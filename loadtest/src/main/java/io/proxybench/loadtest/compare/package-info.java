/**
 * Compares a candidate run with a baseline, step by step, and fails (exit code 1) when throughput
 * drops or TP90 rises beyond a threshold: the gate for a tuning or code change.
 */
package io.proxybench.loadtest.compare;
