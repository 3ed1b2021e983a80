package io.proxybench.core.admin;

import java.time.Duration;

/**
 * Closes a front end's pooled origin connections that have been idle at least a given time, through
 * the same path as its idle timeout. A load test's warm-up asks for it once so that the closing code
 * has run, and been compiled, before anything is measured: otherwise the first idle timeout to fire
 * inside a measured step sends the request path's compiled code back to the interpreter.
 */
@FunctionalInterface
public interface IdleOriginCloser {

    /** Starts the closing; the front end logs how many it closed once it has. Must not block for long. */
    void closeIdle(Duration idleFor);
}
