package io.proxybench.common.tls;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HandshakeProbeTest {

    private static final ThrowAwayPki PKI = ThrowAwayPki.create(KeyType.ECDSA_P256);
    private static final ServerIdentity SERVER = PKI.issueServer(List.of("127.0.0.1"));

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void readsTheProtocolAndSeesResumptionWhereTheServerAllowsIt(String protocol) throws Exception {
        SSLContext shared = serverContext();
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getByName("127.0.0.1"))) {
            CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> serve(server, () -> shared, 2));

            HandshakeProbe.Negotiated found =
                    HandshakeProbe.probe("127.0.0.1", server.getLocalPort(), PKI.caCertificate(), protocol);

            assertThat(found.protocol()).isEqualTo(protocol);
            assertThat(found.cipherSuite()).contains("GCM").doesNotContain("CBC");
            assertThat(found.resumed()).isTrue();
            serving.join();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void seesNoResumptionWhenEveryConnectionMeetsANewServerContext(String protocol) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getByName("127.0.0.1"))) {
            CompletableFuture<Void> serving =
                    CompletableFuture.runAsync(() -> serve(server, HandshakeProbeTest::serverContext, 2));

            HandshakeProbe.Negotiated found =
                    HandshakeProbe.probe("127.0.0.1", server.getLocalPort(), PKI.caCertificate(), protocol);

            assertThat(found.protocol()).isEqualTo(protocol);
            assertThat(found.resumed()).isFalse();
            serving.join();
        }
    }

    private interface Contexts {
        SSLContext next() throws Exception;
    }

    /**
     * Accepts {@code count} connections and handshakes each as a server; answers a request with 204
     * and closes, or waits for a client that sends none to close.
     */
    private static void serve(ServerSocket server, Contexts contexts, int count) {
        try {
            for (int i = 0; i < count; i++) {
                try (Socket plain = server.accept();
                        SSLSocket tls =
                                (SSLSocket) contexts.next().getSocketFactory().createSocket(plain, null, true)) {
                    tls.setUseClientMode(false);
                    tls.startHandshake();
                    answerOneRequest(tls);
                } catch (IOException e) {
                    // the client closing mid-read ends this connection; the next one is served
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void answerOneRequest(SSLSocket tls) throws IOException {
        StringBuilder head = new StringBuilder();
        for (int read = tls.getInputStream().read();
                read >= 0;
                read = tls.getInputStream().read()) {
            head.append((char) read);
            if (head.toString().endsWith("\r\n\r\n")) {
                assertThat(head.toString()).startsWith("GET / HTTP/1.1\r\n").contains("Connection: close");
                tls.getOutputStream().write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(US_ASCII));
                tls.getOutputStream().flush();
                return;
            }
        }
    }

    private static SSLContext serverContext() throws Exception {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry(
                "server", SERVER.privateKey(), new char[0], SERVER.chain().toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }
}
