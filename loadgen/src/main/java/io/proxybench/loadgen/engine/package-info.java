/**
 * The load itself: Netty event loops (one per thread), each owning its share of the connections,
 * which send requests in the closed, churn or open model and record what they see into their loop's
 * {@link io.proxybench.loadgen.record.LoopRecorder}. Connections outlive steps, so a ramp adds
 * connections to the ones already open. Every piece of a connection's state is touched by its own
 * loop only; the caller's thread talks to loops by submitting tasks.
 */
package io.proxybench.loadgen.engine;
