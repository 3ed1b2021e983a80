/**
 * The Tomcat front end: embedded Tomcat 9 with an APR, NIO or NIO2 client connector, a blocking
 * proxy servlet and a pooled HttpClient to the origins. Holds its entry point, its own config keys
 * (named after Tomcat's connector attributes), and the server that runs proxy and admin port as two
 * Tomcat services, started in a thread group of its own so a stop can tell when all its threads
 * have ended.
 */
package io.proxybench.tomcat;
