/**
 * Turns what was measured during one step into its StepRecord (StepFigures): the generator's
 * counts and latency, the machine figures as means of the step's samples, process CPU and JVM
 * figures as differences of readings at the step's start and end (BoundarySnapshot) or, for a
 * generator that reports its own load window, as the samples' rates over that window; plus the
 * step's flags.
 */
package io.proxybench.loadtest.measure;
