package io.proxybench.core.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The server's key and certificate chain read from the {@code tls.cert} and {@code tls.key} PEM
 * files once at start, with the JDK's own parsers: certificates in any PEM the JDK reads, the key as
 * unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY}), EC or RSA.
 */
public record PemCredentials(PrivateKey key, List<X509Certificate> chain) {

    private static final String PKCS8_BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String PKCS8_END = "-----END PRIVATE KEY-----";

    public static PemCredentials read(Path certificateChain, Path privateKey) {
        List<X509Certificate> chain;
        try (InputStream in = Files.newInputStream(certificateChain)) {
            chain = CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .map(X509Certificate.class::cast)
                    .toList();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "tls.cert " + certificateChain + ": not a PEM certificate chain (" + e.getMessage() + ")");
        }
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("tls.cert " + certificateChain + ": no certificate in the file");
        }
        return new PemCredentials(
                readKey(privateKey, chain.get(0).getPublicKey().getAlgorithm()), chain);
    }

    /** The key type as the kit names it: {@code ecdsa-p256}, {@code rsa-2048}, or the algorithm and size. */
    public String keyType() {
        PublicKey key = chain.get(0).getPublicKey();
        if (key instanceof ECPublicKey ec) {
            int bits = ec.getParams().getCurve().getField().getFieldSize();
            return "ecdsa-p" + bits;
        }
        if (key instanceof RSAPublicKey rsa) {
            return "rsa-" + rsa.getModulus().bitLength();
        }
        return key.getAlgorithm().toLowerCase(Locale.ROOT);
    }

    private static PrivateKey readKey(Path file, String algorithm) {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            int begin = text.indexOf(PKCS8_BEGIN);
            int end = text.indexOf(PKCS8_END);
            if (begin < 0 || end < begin) {
                throw new IllegalArgumentException("tls.key " + file + ": no '" + PKCS8_BEGIN
                        + "' block (an unencrypted PKCS#8 key; 'openssl pkcs8 -topk8 -nocrypt' converts others)");
            }
            byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + PKCS8_BEGIN.length(), end));
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            if (e instanceof IllegalArgumentException && e.getMessage().startsWith("tls.key")) {
                throw (IllegalArgumentException) e;
            }
            throw new IllegalArgumentException("tls.key " + file + ": not a PKCS#8 " + algorithm
                    + " key matching tls.cert (" + e.getMessage() + ")");
        }
    }
}
