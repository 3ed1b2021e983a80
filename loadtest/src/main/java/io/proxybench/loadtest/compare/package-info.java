/**
 * Compares a candidate run with a baseline, step by step, and says whether throughput dropped or
 * TP90 rose beyond a threshold: the gate for a tuning or code change. Runs made with repeats are
 * compared repeat against repeat with a Mann–Whitney U test, so that only a change out of the runs'
 * own noise counts. Reads the results model; depends on nothing that runs a load.
 */
package io.proxybench.loadtest.compare;
