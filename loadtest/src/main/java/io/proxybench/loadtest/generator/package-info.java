/**
 * The load generator's side of a step, independent of the tool: LoadGenerator is what orchestrate
 * drives, StepRequest what a step asks for, GeneratorResult (with LatencySummary, ErrorCounts,
 * LoadWindow) what comes back. The tools live in the sub-packages wrk and gatling; catalog names
 * them.
 */
package io.proxybench.loadtest.generator;
