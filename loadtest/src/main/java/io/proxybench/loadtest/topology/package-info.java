/**
 * Where the roles of a run (generator, proxy, origin) run and how they reach each other: the
 * Topology interface and Role, and the loopback topology (everything on this machine's loopback).
 * The network-namespace and SSH topologies are the sub-packages netns and ssh.
 */
package io.proxybench.loadtest.topology;
