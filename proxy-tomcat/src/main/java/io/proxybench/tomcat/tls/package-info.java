/**
 * TLS on the Tomcat front end's client connector, from the shared {@code tls.*} settings: one
 * {@code SSLHostConfig} with the PEM certificate and key, the strong ciphers and protocols, served by
 * OpenSSL (APR, or NIO/NIO2 with the native library loaded) or JSSE
 * ({@link io.proxybench.tomcat.tls.ConnectorTls}), and resumption switched off where asked
 * ({@link io.proxybench.tomcat.tls.SessionDiscardingJsse} for JSSE). Depends on proxy-core's TLS rules
 * and Tomcat; the connector package only hands it the connector.
 */
package io.proxybench.tomcat.tls;
