package io.proxybench.loadtest.generator;

import java.util.Optional;

/**
 * Puts one step's load on a front end and reports what it saw. The orchestrator knows generators
 * only through this interface; {@code GeneratorCatalog} is where an implementation is registered.
 */
public interface LoadGenerator {

    /** Name recorded in run.json, e.g. {@code wrk}. */
    String name();

    /** Why this generator cannot run on this machine (tool missing, say); empty when it can. */
    Optional<String> unavailableReason();

    /**
     * Cores the generator can keep busy at {@code connections}: the basis of the
     * {@code generator-saturated} flag (e.g. wrk: one per thread).
     */
    int usableCores(int connections);

    /** Runs the step to its end; blocks for about {@code request.durationSec()}. */
    GeneratorResult run(StepRequest request) throws GeneratorException;

    /**
     * The front end's last step is over. A generator that keeps its process and connections from one
     * step to the next (the built-in one) ends them here; one process per step has nothing to do.
     */
    default void frontEndDone() {}
}
