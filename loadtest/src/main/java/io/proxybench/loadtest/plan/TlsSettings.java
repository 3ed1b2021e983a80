package io.proxybench.loadtest.plan;

import io.proxybench.common.tls.KeyType;

/**
 * {@code run --tls}: the front ends terminate TLS on their client port with a certificate made for
 * the run, and the generators speak HTTPS trusting that run's CA only.
 *
 * @param enabled    {@code --tls}
 * @param keyType    the server key's type ({@code --tls-key}): the handshake's cost depends on it
 * @param resumption {@code --tls-resumption}: every front end's resumption policy, and the built-in
 *                   generator's offer of its sessions
 * @param client     {@code --tls-client}: the generator's TLS engine
 */
public record TlsSettings(boolean enabled, KeyType keyType, TlsResumption resumption, TlsClientProvider client) {

    /** Plain HTTP, as every run before {@code --tls}. */
    public static final TlsSettings OFF =
            new TlsSettings(false, KeyType.ECDSA_P256, TlsResumption.ON, TlsClientProvider.OPENSSL);

    public TlsSettings {
        keyType = keyType == null ? KeyType.ECDSA_P256 : keyType;
        resumption = resumption == null ? TlsResumption.ON : resumption;
        client = client == null ? TlsClientProvider.OPENSSL : client;
    }
}
