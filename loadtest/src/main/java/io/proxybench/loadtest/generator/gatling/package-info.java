/**
 * Drives the Gatling simulations of the loadtest/gatling module, which run in a JVM of their own:
 * finds its build (GatlingInstall), builds the command line (GatlingCommand) and reads the
 * figures.json the simulation writes (GatlingFigures), including the span its load was really on.
 */
package io.proxybench.loadtest.generator.gatling;
