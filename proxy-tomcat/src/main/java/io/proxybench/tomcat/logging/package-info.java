/**
 * Sends Tomcat's own JULI logging to SLF4J, through a log class Tomcat finds as a service on the
 * class path, so that Tomcat's lines share the format, the stderr target and the levels of the rest
 * of the proxy.
 */
package io.proxybench.tomcat.logging;
