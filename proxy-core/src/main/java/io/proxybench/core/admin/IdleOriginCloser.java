package io.proxybench.core.admin;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Closes a front end's pooled origin connections that have been idle at least a given time, through
 * the same path as its idle timeout. A load test's warm-up asks for it once so that the closing code
 * has run, and been compiled, before anything is measured: otherwise the first idle timeout to fire
 * inside a measured step sends the request path's compiled code back to the interpreter.
 */
@FunctionalInterface
public interface IdleOriginCloser {

    /** Starts the closing; completes with how many it closed. Must not block for long. */
    CompletionStage<Integer> closeIdle(Duration idleFor);
}
