/**
 * Throw-away TLS credentials: a certificate authority made for one run or one test, the server
 * certificate it signs for the addresses a proxy listens on, and both written as PEM files that
 * Netty, Tomcat (APR and JSSE), nginx, HAProxy and wrk all read. Nothing here is meant to outlive
 * the run that made it: keys are unencrypted, and the files are never committed. Needs Bouncy
 * Castle's {@code bcpkix} on the class path (an optional dependency of this module: the kit and the
 * tests declare it, the proxies do not).
 */
package io.proxybench.common.tls;
