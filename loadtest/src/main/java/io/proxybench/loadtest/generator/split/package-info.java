/**
 * One step's load spread over several generator boxes: StepSplit divides a step's connections (or
 * rate, in the open model) among them, SplitGenerator starts every box's part of the step together
 * and StepMerge joins their results into the one step the rest of the kit records — exactly from
 * HdrHistogram interval logs where every part wrote one, approximately (and marked so) from the
 * parts' latency spectra otherwise.
 */
package io.proxybench.loadtest.generator.split;
