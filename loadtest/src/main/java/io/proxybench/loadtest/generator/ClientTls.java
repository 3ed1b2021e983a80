package io.proxybench.loadtest.generator;

import io.proxybench.loadtest.plan.TlsClientProvider;
import java.nio.file.Path;

/**
 * How a generator speaks to a front end on a {@code --tls} run (the target URL is then https).
 *
 * @param caCertificate the run's CA ({@code ca.pem}), the one certificate a generator that verifies trusts
 * @param resumption    whether a client that can offers its earlier session to the same front end again
 * @param provider      the client's TLS engine ({@code --tls-client})
 */
public record ClientTls(Path caCertificate, boolean resumption, TlsClientProvider provider) {}
