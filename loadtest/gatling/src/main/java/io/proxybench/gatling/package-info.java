/**
 * The Gatling simulations the kit runs in a JVM of their own: keep-alive and connection-churn ramps
 * in the closed model (a step of N is N users, each sending its next request once the last is
 * answered) and a fixed-rate open model (a step of R offers R requests per second whatever the
 * answers). Settings come from {@code proxybench.*} system properties, targets off loopback are
 * refused, and each step's requests carry its name, so one report splits into per-step figures.
 */
package io.proxybench.gatling;
