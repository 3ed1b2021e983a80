/**
 * Starts what is measured: the stub origin and the JVM front ends (proxy-netty, proxy-tomcat) as
 * separate processes, and every other front end from its definition (the kit's bundled nginx and
 * HAProxy, or a run file's own) by one launcher that renders its templates with the run's values
 * and a variant's settings, then waits until each one answers (HealthProbe, ReadyLine).
 */
package io.proxybench.loadtest.frontend;
