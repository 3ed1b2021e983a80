/**
 * Starts what is measured: the stub origin, the JVM front ends (proxy-netty, proxy-tomcat) and
 * nginx as separate processes, writes nginx's configuration, and waits until each one answers
 * (HealthProbe, ReadyLine).
 */
package io.proxybench.loadtest.frontend;
