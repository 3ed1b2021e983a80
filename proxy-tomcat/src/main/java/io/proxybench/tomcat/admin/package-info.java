/**
 * The Tomcat front end's admin servlet: serves proxy-core's {@code /health}, {@code /metrics} and
 * {@code /metrics/prometheus} as the Netty front end does, from a Tomcat service of its own, so
 * that admin requests never take one of the proxy's request threads.
 */
package io.proxybench.tomcat.admin;
