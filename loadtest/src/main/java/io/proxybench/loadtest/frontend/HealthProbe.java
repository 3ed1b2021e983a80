package io.proxybench.loadtest.frontend;

import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.loadtest.process.ProcessStartException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * Decides that a started front end can take load: its admin {@code /health} answers 200 (JVM
 * proxies) and one request through it reaches the origin and comes back 2xx. On a {@code --tls} run
 * that request is HTTPS, and the certificate must chain to the run's CA and name the address.
 */
public final class HealthProbe {

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /** Null on a plain run. */
    private final HttpClient tlsClient;

    /** For plain HTTP only. */
    public HealthProbe() {
        this.tlsClient = null;
    }

    /** For plain HTTP, and HTTPS trusting {@code caCertificate} (PEM) only. */
    public HealthProbe(Path caCertificate) throws IOException {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(
                    null,
                    ThrowAwayPki.trusting(ThrowAwayPki.readCertificate(caCertificate))
                            .getTrustManagers(),
                    null);
            this.tlsClient = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(2))
                    .sslContext(context)
                    .build();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot trust " + caCertificate + ": " + e.getMessage(), e);
        }
    }

    /** Polls until healthy; throws with the last answer seen when {@code timeout} runs out or the process dies. */
    public void awaitHealthy(RunningServer server, Duration timeout) throws ProcessStartException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!server.process().isAlive()) {
                throw new ProcessStartException(server.process().name() + " exited with code "
                        + server.process().exitCode().orElse(-1) + " before it was healthy"
                        + server.process().stderrTail().map(t -> ": " + t).orElse(""));
            }
            URI health = server.adminUri("/health");
            String answer = health == null ? null : problem(health);
            if (answer == null) {
                answer = problem(server.controlUri("/"));
            }
            if (answer == null) {
                return;
            }
            last = answer;
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ProcessStartException(
                        "interrupted while waiting for " + server.process().name());
            }
        }
        throw new ProcessStartException(
                server.process().name() + " not healthy within " + timeout.toSeconds() + " s: " + last);
    }

    /** Null when {@code uri} answers 2xx, else what went wrong. */
    String problem(URI uri) {
        HttpRequest request =
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build();
        try {
            HttpClient using = "https".equals(uri.getScheme()) ? tlsClient : client;
            if (using == null) {
                return "GET " + uri + ": no CA to trust (a plain run)";
            }
            HttpResponse<String> response = using.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 == 2) {
                return null;
            }
            String body = response.body().strip().replaceAll("\\s+", " ");
            return "GET " + uri + " answered " + response.statusCode()
                    + (body.isEmpty() ? "" : " " + body.substring(0, Math.min(body.length(), 120)));
        } catch (IOException e) {
            return "GET " + uri + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
