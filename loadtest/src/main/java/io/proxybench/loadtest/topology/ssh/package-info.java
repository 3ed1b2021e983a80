/**
 * Roles on other hosts, reached over SSH, as a hosts file describes them (addresses, network
 * interface, how to log in).
 */
package io.proxybench.loadtest.topology.ssh;
