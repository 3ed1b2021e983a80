/**
 * The admin port seen from outside the proxy's JVM: what a scrape of its routes makes that JVM
 * load, watched in a process of its own so that no other test's classes blur it.
 */
package io.proxybench.netty.admin;
