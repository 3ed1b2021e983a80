/**
 * The desync fuzzer: seeded client byte streams (framing, chunk and body mutations, pipelining,
 * half-close) and seeded origin answers (ambiguous or broken framing, leftovers, 1xx floods),
 * each checked against one invariant with the {@code wire} origin, plus the corpus of every case
 * that ever failed. Runs against any proxy by port: the front ends through the conformance suite,
 * nginx as a control.
 */
package io.proxybench.core.conformance.desync;
