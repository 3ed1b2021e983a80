/**
 * The proxy itself, one blocking servlet as in Zuul 1: a Tomcat request thread carries each
 * exchange through the inbound filters, the route, the origin call and the outbound filters,
 * streaming both bodies through fixed buffers. Around it: valves that count each exchange's body
 * bytes, answer requests Tomcat refused before any servlet ran and cut a client connection short
 * after a failure mid-body, the mapping of failures to proxy-core's shared errors, and the
 * in-flight count a drain waits on.
 */
package io.proxybench.tomcat.proxy;
