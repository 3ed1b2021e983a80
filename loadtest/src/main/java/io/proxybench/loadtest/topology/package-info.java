/**
 * Where the roles of a run (generator, proxy, origin) run and how they reach each other: the
 * Topology interface and Role, and its three kinds: loopback (everything on this machine's
 * loopback), netns (each role in a network namespace of its own, joined by veth links that can be
 * shaped) and ssh (roles on other hosts, as a hosts file describes them).
 */
package io.proxybench.loadtest.topology;
