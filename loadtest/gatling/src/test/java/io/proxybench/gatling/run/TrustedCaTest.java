package io.proxybench.gatling.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.ThrowAwayPki;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustedCaTest {

    private static final List<String> SETTINGS = List.of(
            "gatling.ssl.useInsecureTrustManager",
            "gatling.ssl.trustStore.type",
            "gatling.ssl.trustStore.file",
            "gatling.ssl.trustStore.password");

    @TempDir
    Path dir;

    @AfterEach
    void forgetGatlingSettings() {
        SETTINGS.forEach(System::clearProperty);
    }

    @Test
    void gatlingIsToldToTrustTheRunsCaAndNothingElse() throws Exception {
        ThrowAwayPki.write(dir.resolve("tls"), KeyType.ECDSA_P256, List.of("127.0.0.1"));
        Path caPem = dir.resolve("tls").resolve(ThrowAwayPki.CA_FILE);

        Path store = TrustedCa.apply(caPem, dir.resolve(".tmp"));

        // Gatling's default trusts any certificate: the switch must be off
        assertThat(System.getProperty("gatling.ssl.useInsecureTrustManager")).isEqualTo("false");
        assertThat(System.getProperty("gatling.ssl.trustStore.file")).isEqualTo(store.toString());
        KeyStore loaded = KeyStore.getInstance(System.getProperty("gatling.ssl.trustStore.type"));
        try (InputStream in = Files.newInputStream(store)) {
            loaded.load(
                    in, System.getProperty("gatling.ssl.trustStore.password").toCharArray());
        }
        assertThat(Collections.list(loaded.aliases())).hasSize(1);
        String alias = loaded.aliases().nextElement();
        assertThat(loaded.isCertificateEntry(alias)).isTrue();
        assertThat(loaded.getCertificate(alias)).isEqualTo(ThrowAwayPki.readCertificate(caPem));
    }

    @Test
    void aFileThatHoldsNoCertificateIsRefusedAndGatlingKeepsItsSettingsUnset() throws Exception {
        Path notPem = Files.writeString(dir.resolve("ca.pem"), "not a certificate\n");

        assertThatThrownBy(() -> TrustedCa.apply(notPem, dir.resolve(".tmp"))).isInstanceOf(CertificateException.class);
        assertThat(SETTINGS).allMatch(name -> System.getProperty(name) == null);
    }
}
