package io.proxybench.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.ServerIdentity;
import io.proxybench.common.tls.ThrowAwayPki;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The churn simulation over TLS, as the kit runs it on {@code --tls}: Gatling trusts the run's CA
 * and nothing else, so a server whose certificate another CA signed gets no request at all.
 */
class GatlingTlsTest {

    private static final List<String> NAMES = List.of("127.0.0.1");
    private static final ThrowAwayPki RUN_PKI = ThrowAwayPki.create(KeyType.ECDSA_P256);

    @TempDir
    Path tmp;

    private final AtomicLong served = new AtomicLong();
    private ExecutorService threads;
    private HttpsServer server;

    @BeforeEach
    void startServer() throws Exception {
        threads = Executors.newFixedThreadPool(4);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext(RUN_PKI.issueServer(NAMES))));
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            served.incrementAndGet();
            byte[] body = new byte[1024];
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
        threads.shutdownNow();
    }

    @Test
    void everyRequestIsServedOverTlsWhenTheServerHoldsTheRunsCertificate() throws Exception {
        Path caPem = RUN_PKI.writeServer(tmp.resolve("run-tls"), NAMES).caCertificate();

        JsonNode step = churn(caPem).phase("step-3");

        assertThat(step.get("requests").asLong()).isPositive().isEqualTo(served.get());
        assertThat(step.get("ko").asLong()).isZero();
    }

    @Test
    void aServerWhoseCertificateAnotherCaSignedGetsNoRequest() throws Exception {
        Path otherCaPem = ThrowAwayPki.write(tmp.resolve("other-tls"), KeyType.ECDSA_P256, NAMES)
                .caCertificate();

        JsonNode step = churn(otherCaPem).phase("step-3");

        assertThat(step.get("requests").asLong()).isPositive();
        assertThat(step.get("ko").asLong()).isEqualTo(step.get("requests").asLong());
        assertThat(served.get()).isZero();
    }

    private GatlingChild.Result churn(Path caPem) throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        GatlingChild.Result result = GatlingChild.run(
                tmp.resolve("results"),
                home,
                "io.proxybench.gatling.ChurnSimulation",
                Map.of(
                        "proxybench.baseUrl",
                                "https://127.0.0.1:" + server.getAddress().getPort(),
                        "proxybench.caCertificate", caPem.toString(),
                        "proxybench.steps", "3",
                        "proxybench.stepSeconds", "2",
                        "proxybench.requestTimeoutMs", "3000"));
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.figures())
                .as("figures file; stderr: %s", result.stderr())
                .isNotNull();
        return result;
    }

    private static SSLContext serverContext(ServerIdentity identity) throws Exception {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry(
                "server", identity.privateKey(), new char[0], identity.chain().toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }
}
