package io.proxybench.loadtest.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A GET to a JVM's admin port whose answer counts only as a 200: anything else is an
 * {@link IOException} naming the route and the status, so that a reading never silently parses an
 * error page. The connect timeout is short because the port is local or on a box the run already
 * reached; {@code timeout} bounds the whole answer (a loaded proxy answers late, not never).
 */
final class AdminGet {

    private static final Duration CONNECT = Duration.ofSeconds(1);
    private static final int NOT_FOUND = 404;

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(CONNECT).build();
    private final Duration timeout;

    AdminGet(Duration timeout) {
        this.timeout = timeout;
    }

    /** The body of a 200 answer. */
    String body(URI uri) throws IOException, InterruptedException {
        String body = bodyOrNull(uri);
        if (body == null) {
            throw new IOException(uri + " answered " + NOT_FOUND);
        }
        return body;
    }

    /** The body of a 200 answer; null where the JVM has no such route (404: one built before it). */
    String bodyOrNull(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri).timeout(timeout).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == NOT_FOUND) {
            return null;
        }
        if (response.statusCode() != 200) {
            throw new IOException(uri + " answered " + response.statusCode());
        }
        return response.body();
    }

    /**
     * {@link #body} for a reader inside the sampling loop, whose callers handle one kind of failure:
     * an interruption becomes an IOException and stays visible on the thread.
     */
    String bodyKeepingInterrupt(URI uri) throws IOException {
        try {
            return body(uri);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }
}
