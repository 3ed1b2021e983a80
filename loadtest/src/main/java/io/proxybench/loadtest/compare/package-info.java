/**
 * Compares a candidate run with a baseline, step by step, and says whether throughput dropped or
 * TP90 rose beyond a threshold: the gate for a tuning or code change.
 */
package io.proxybench.loadtest.compare;
