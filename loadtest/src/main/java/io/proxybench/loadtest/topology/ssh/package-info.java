/**
 * Roles on other hosts, reached over SSH, as a hosts file describes them (addresses, network
 * interface, ssh config): the OpenSSH command lines, the small shell scripts run on each box (a
 * role's wrapper with its pid file, the pre-run check, the per-second sampler, the clean-up), and the
 * run state kept there so that what a killed kit left can be removed.
 */
package io.proxybench.loadtest.topology.ssh;
