/**
 * The results model and its files: RunMetadata (run.json), StepRecord (steps.json, results.csv)
 * and Sample (samples.csv), grouped into parts (load, latency, errors, machine, processes, JVM,
 * ceiling), written by a run and read back by report and compare; LatencySpectrum, a step's whole
 * latency distribution in a file of its own. FlatLayout derives the files' fields and CSV columns
 * from the records; RunFiles names the files of a run directory; docs/results-format.md describes
 * them.
 */
package io.proxybench.loadtest.results;
