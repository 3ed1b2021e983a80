/**
 * Each role in a network namespace of its own, joined by veth links that can be shaped to a NIC's
 * rate and delay (tc), with the namespaces' own sysctls; relays carry the kit's control traffic
 * into the namespaces. Needs root and iproute2 (NetnsSupport says whether the machine can).
 */
package io.proxybench.loadtest.topology.netns;
