/**
 * Starts what is measured: the stub origin, the JVM front ends (proxy-netty, proxy-tomcat) and the
 * reference servers nginx and HAProxy as separate processes, writes the reference servers'
 * configurations from the settings a user gives their variants, and waits until each one answers
 * (HealthProbe, ReadyLine).
 */
package io.proxybench.loadtest.frontend;
