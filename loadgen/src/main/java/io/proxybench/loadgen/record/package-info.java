/**
 * What a step measured: per-event-loop HdrHistogram recorders and counters (each written by its
 * own loop only), the per-second interval log of a step, and the step's summary as one JSON line.
 * Knows nothing of sockets or HTTP; values are microseconds throughout, like wrk's.
 */
package io.proxybench.loadgen.record;
