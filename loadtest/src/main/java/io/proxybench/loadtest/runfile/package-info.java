/**
 * Run files: a run described in YAML whose keys are {@code run}'s long options, read into the same
 * options the command line fills (so the two share one grammar and flags beside a file override it),
 * the front ends a file defines for proxies of the user's own (and the kit's own nginx and HAProxy
 * definitions, read from its resources in the same format), and {@code plan.yaml}, the plan a run
 * actually ran, written in the same format so that it runs again.
 */
package io.proxybench.loadtest.runfile;
