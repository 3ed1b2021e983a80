/**
 * How the generator is driven: the step command a long-lived process reads from stdin (one line
 * per step, one JSON line back per finished step), the short duration spelling, and the loop that
 * ties commands to the engine. Holds no socket code.
 */
package io.proxybench.loadgen.session;
