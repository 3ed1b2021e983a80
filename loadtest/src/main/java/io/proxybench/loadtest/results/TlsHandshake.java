package io.proxybench.loadtest.results;

/**
 * What a front end's TLS port negotiated with the kit's probe after it started (run.json
 * {@code frontEnds[].tls}): read from two real handshakes, not from the settings. Null on a plain
 * run, and fields null where the probe could not tell.
 *
 * @param protocol    e.g. {@code TLSv1.3}
 * @param cipherSuite e.g. {@code TLS_AES_128_GCM_SHA256}
 * @param alpn        the application protocol agreed, e.g. {@code http/1.1}; empty when none
 * @param keyType     the server certificate's key, {@code ecdsa-p256} or {@code rsa-2048}
 * @param provider    the engine behind the port: proxy-netty's {@code tls.provider} and library, proxy-tomcat's
 *                    implementation as its {@code /resolved} says; nginx's and HAProxy's OpenSSL
 * @param resumption  the run's policy, {@code on} or {@code off}
 * @param resumed     whether the probe's second handshake resumed the first one's session
 * @param failure     why the probe got no answer; null when it did
 */
public record TlsHandshake(
        String protocol,
        String cipherSuite,
        String alpn,
        String keyType,
        String provider,
        String resumption,
        Boolean resumed,
        String failure) {

    /** One line for the report: protocol, suite, key, provider, resumption. */
    public String describe() {
        if (protocol == null) {
            return "TLS not probed" + (failure == null ? "" : ": " + failure);
        }
        return protocol + " " + cipherSuite + ", " + keyType + (provider == null ? "" : ", " + provider)
                + ", resumption " + resumption
                + (resumed == null ? "" : Boolean.TRUE.equals(resumed) ? " (resumed)" : " (not resumed)");
    }
}
