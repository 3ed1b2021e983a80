/**
 * Test support every module shares through this module's test-jar. A test that needs a tool the
 * machine may lack (wrk, nginx, haproxy, the APR library) skips with the reason where the tool is
 * absent, and fails instead where {@code PROXYBENCH_REQUIRE} names it, so a bare JDK-and-Maven
 * machine passes {@code mvn -B verify} while CI still runs every test. A test waits for the event it
 * needs with {@link io.proxybench.common.testing.Eventually}, never a fixed sleep; a test that draws
 * random numbers draws them from one {@link io.proxybench.common.testing.TestSeed}, which its failure
 * names so that it can be replayed.
 */
package io.proxybench.common.testing;
