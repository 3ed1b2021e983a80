package io.proxybench.common.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ThrowAwayPkiTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(KeyType.class)
    void aClientTrustingOnlyTheCaVerifiesTheServerAt127001(KeyType type) throws Exception {
        PemFiles files = ThrowAwayPki.write(dir, type, List.of("127.0.0.1", "::1", "localhost"));

        try (SSLServerSocket server = serverFrom(files)) {
            CompletableFuture<String> served = CompletableFuture.supplyAsync(() -> serveOne(server));
            SSLContext client = SSLContext.getInstance("TLS");
            client.init(
                    null,
                    ThrowAwayPki.trusting(
                                    readCertificates(files.caCertificate()).get(0))
                            .getTrustManagers(),
                    null);
            try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket()) {
                SSLParameters params = socket.getSSLParameters();
                params.setEndpointIdentificationAlgorithm("HTTPS"); // checks the address against the certificate
                socket.setSSLParameters(params);
                socket.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), server.getLocalPort()));
                socket.getOutputStream().write("hello\n".getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                assertThat(socket.getSession().getPeerCertificates()).hasSize(2);
                X509Certificate leaf = (X509Certificate) socket.getSession().getPeerCertificates()[0];
                List<String> names = leaf.getSubjectAlternativeNames().stream()
                        .map(entry -> String.valueOf(entry.get(1)))
                        .toList();
                assertThat(names).contains("127.0.0.1", "0:0:0:0:0:0:0:1", "localhost");
                assertThat(
                                type == KeyType.ECDSA_P256
                                        ? leaf.getPublicKey() instanceof ECPublicKey
                                        : ((RSAPublicKey) leaf.getPublicKey())
                                                        .getModulus()
                                                        .bitLength()
                                                == 2048)
                        .isTrue();
            }
            assertThat(served.get(30, TimeUnit.SECONDS)).isEqualTo("hello");
        }
        assertThat(Files.getPosixFilePermissions(files.privateKey()))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(Files.readString(files.privateKey())).startsWith("-----BEGIN PRIVATE KEY-----");
    }

    @ParameterizedTest
    @EnumSource(KeyType.class)
    void aClientTrustingAnotherCaRefusesTheServer(KeyType type) throws Exception {
        PemFiles files = ThrowAwayPki.write(dir, type, List.of("127.0.0.1"));
        X509Certificate otherCa = ThrowAwayPki.create(type).caCertificate();

        try (SSLServerSocket server = serverFrom(files)) {
            CompletableFuture.runAsync(() -> serveOne(server));
            SSLContext client = SSLContext.getInstance("TLS");
            client.init(null, ThrowAwayPki.trusting(otherCa).getTrustManagers(), null);
            try (SSLSocket socket = (SSLSocket)
                    client.getSocketFactory().createSocket(InetAddress.getByName("127.0.0.1"), server.getLocalPort())) {
                assertThatThrownBy(socket::startHandshake).isInstanceOf(SSLHandshakeException.class);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(KeyType.class)
    void aCertificateForAHostNameDoesNotPassForAnotherAddress(KeyType type) throws Exception {
        PemFiles files = ThrowAwayPki.write(dir, type, List.of("proxy.test"));

        try (SSLServerSocket server = serverFrom(files)) {
            CompletableFuture.runAsync(() -> serveOne(server));
            SSLContext client = SSLContext.getInstance("TLS");
            client.init(
                    null,
                    ThrowAwayPki.trusting(
                                    readCertificates(files.caCertificate()).get(0))
                            .getTrustManagers(),
                    null);
            try (SSLSocket socket = (SSLSocket)
                    client.getSocketFactory().createSocket(InetAddress.getByName("127.0.0.1"), server.getLocalPort())) {
                SSLParameters params = socket.getSSLParameters();
                params.setEndpointIdentificationAlgorithm("HTTPS");
                socket.setSSLParameters(params);
                assertThatThrownBy(socket::startHandshake).isInstanceOf(SSLHandshakeException.class);
            }
        }
    }

    @Test
    void namesThatAreNeitherAddressesNorHostsAreRefused() {
        ThrowAwayPki pki = ThrowAwayPki.create(KeyType.ECDSA_P256);
        assertThatThrownBy(() -> pki.issueServer(List.of("bad name!")))
                .hasMessageContaining("'bad name!' is neither an IP address nor a host name");
        assertThatThrownBy(() -> pki.issueServer(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThat(KeyType.of("RSA-2048")).isEqualTo(KeyType.RSA_2048);
        assertThatThrownBy(() -> KeyType.of("dsa")).hasMessageContaining("known: ecdsa-p256, rsa-2048");
    }

    /** A JDK server reading the written files, as a proxy would. */
    private static SSLServerSocket serverFrom(PemFiles files) throws Exception {
        List<X509Certificate> chain = readCertificates(files.certificateChain());
        assertThat(chain).hasSize(2);
        assertThat(chain.get(1))
                .isEqualTo(readCertificates(files.caCertificate()).get(0));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("server", readKey(files), new char[0], chain.toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return (SSLServerSocket)
                context.getServerSocketFactory().createServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
    }

    private static String serveOne(SSLServerSocket server) {
        try (SSLSocket socket = (SSLSocket) server.accept()) {
            StringBuilder line = new StringBuilder();
            InputStream in = socket.getInputStream();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<X509Certificate> readCertificates(Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .map(X509Certificate.class::cast)
                    .toList();
        }
    }

    private static PrivateKey readKey(PemFiles files) throws Exception {
        String base64 = Files.readString(files.privateKey())
                .replaceAll("-----[A-Z ]+-----", "")
                .replaceAll("\\s", "");
        String algorithm = files.keyType() == KeyType.ECDSA_P256 ? "EC" : "RSA";
        return KeyFactory.getInstance(algorithm)
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }
}
