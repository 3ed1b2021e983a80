/**
 * Tomcat's APR, NIO and NIO2 HTTP/1.1 protocols with what a proxy needs of its client connector:
 * head checks Tomcat does not make (HTTP/1.2 to 1.9 served as 1.1, Content-Length with
 * Transfer-Encoding refused, a deadline for the whole head), an event per client connection opened
 * and closed, and thread and connection figures for gauges. Also maps the configuration onto
 * connector attributes, naming any the chosen connector ignores, and explains why APR cannot load.
 */
package io.proxybench.tomcat.connector;
