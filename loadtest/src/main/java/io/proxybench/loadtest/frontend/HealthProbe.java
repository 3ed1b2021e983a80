package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.process.ProcessStartException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Decides that a started front end can take load: its admin {@code /health} answers 200 (JVM
 * proxies) and one request through it reaches the origin and comes back 2xx.
 */
public final class HealthProbe {

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

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
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
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
