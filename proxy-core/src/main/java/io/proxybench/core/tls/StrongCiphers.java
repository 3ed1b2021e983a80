package io.proxybench.core.tls;

import java.util.ArrayList;
import java.util.List;

/**
 * The cipher suites both front ends allow, by their IANA names (which Netty, the JDK and Tomcat's
 * OpenSSL configuration all read): AEAD ciphers only, and on TLS 1.2 only with an ephemeral ECDH key
 * exchange. Nothing with CBC, RC4, 3DES, export strength or no encryption at all; no static RSA key
 * exchange. ECDSA and RSA suites both, so either {@code KeyType} of server key finds a match.
 */
public final class StrongCiphers {

    private StrongCiphers() {}

    /** TLS 1.3 has only AEAD suites; all three common ones. */
    public static final List<String> TLS13 =
            List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");

    public static final List<String> TLS12 = List.of(
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

    /** The suites of the protocols in {@code protocols}, TLS 1.3's first. */
    public static List<String> forProtocols(List<String> protocols) {
        List<String> out = new ArrayList<>();
        if (protocols.contains(TlsSettings.TLS13)) {
            out.addAll(TLS13);
        }
        if (protocols.contains(TlsSettings.TLS12)) {
            out.addAll(TLS12);
        }
        return out;
    }
}
