package io.proxybench.loadtest.topology;

/** The three parts of a run, each of which would have a box of its own in a dedicated setup. */
public enum Role {
    GENERATOR,
    PROXY,
    ORIGIN
}
