package io.proxybench.gatling.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Base64;

/**
 * Makes Gatling trust one certificate authority: the run's. Gatling trusts every server
 * certificate unless it is given a trust store, and reads only key-store files, not PEM; the CA is
 * therefore copied into a PKCS12 trust store in the results directory's scratch space, and Gatling's
 * {@code gatling.ssl.*} settings point at it before any Gatling class loads.
 */
final class TrustedCa {

    static final String STORE_FILE = "trusted-ca.p12";

    private TrustedCa() {}

    /** Writes the trust store under {@code scratchDir} and sets Gatling's settings to it. */
    static Path apply(Path caPem, Path scratchDir) throws IOException, GeneralSecurityException {
        Certificate ca;
        try (InputStream in = Files.newInputStream(caPem)) {
            ca = CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        // the store holds no secret, but PKCS12 wants a password for its integrity check
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("run-ca", ca);
        Files.createDirectories(scratchDir);
        Path file = scratchDir.resolve(STORE_FILE).toAbsolutePath();
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
        System.setProperty("gatling.ssl.useInsecureTrustManager", "false");
        System.setProperty("gatling.ssl.trustStore.type", "PKCS12");
        System.setProperty("gatling.ssl.trustStore.file", file.toString());
        System.setProperty("gatling.ssl.trustStore.password", password);
        return file;
    }
}
