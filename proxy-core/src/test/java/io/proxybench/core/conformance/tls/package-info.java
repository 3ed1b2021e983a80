/**
 * The client side of the TLS cases both front ends pass: a JDK client that trusts only the run's
 * throw-away CA ({@link io.proxybench.core.conformance.tls.TlsClient}), hand-made client hellos for
 * what no modern client library will send ({@link io.proxybench.core.conformance.tls.ClientHellos}),
 * and the suite itself ({@link io.proxybench.core.conformance.tls.TlsPortSuite}).
 */
package io.proxybench.core.conformance.tls;
