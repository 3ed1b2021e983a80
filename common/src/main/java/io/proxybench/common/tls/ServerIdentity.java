package io.proxybench.common.tls;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What a TLS server presents: its private key and its certificate chain, the server's own
 * certificate first and the issuing CA's last.
 */
public record ServerIdentity(PrivateKey privateKey, List<X509Certificate> chain) {

    public ServerIdentity {
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least the server's certificate");
        }
    }

    /** The server's own certificate. */
    public X509Certificate certificate() {
        return chain.get(0);
    }
}
