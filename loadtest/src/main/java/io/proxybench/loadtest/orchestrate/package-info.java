/**
 * Runs a RunPlan: checks the limits, creates the run directory, sets up the topology, and takes
 * every front end through every step (RunSession, FrontEndRound) while the sampler runs; each
 * step's record goes to the results files as soon as it is measured (RunRecorder). Returns what
 * happened; the command line decides what that means for the exit code.
 */
package io.proxybench.loadtest.orchestrate;
