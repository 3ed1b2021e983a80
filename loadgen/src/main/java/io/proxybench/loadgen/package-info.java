/**
 * The built-in load generator's command line: a one-shot run from flags for people, or a
 * long-lived process driven by step commands on stdin for the kit (see docs/loadgen.md). The
 * load itself lives in {@code engine}, the figures in {@code record}, the protocol in {@code session}.
 */
package io.proxybench.loadgen;
