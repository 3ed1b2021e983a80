/**
 * Test support every module shares through this module's test-jar: a test that needs a tool the
 * machine may lack (wrk, nginx, haproxy, the APR library) skips with the reason where the tool is
 * absent, and fails instead where {@code PROXYBENCH_REQUIRE} names it, so a bare JDK-and-Maven
 * machine passes {@code mvn -B verify} while CI still runs every test.
 */
package io.proxybench.common.testing;
