package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warm-up's one settling step for a JVM front end: it asks the front end, between two windows, to
 * close every idle origin connection, through the path its idle timeout takes.
 *
 * <p>Why: the warm-up's windows spread the client connections over the event loops differently each
 * time, so each loop's pool grows to the most it needed in any window and the surplus sits idle. A
 * minute later (the proxies' default origin idle timeout) the pool closes it, and if that first
 * happens inside a measured step, the JIT meets a path it never compiled: measured on proxy-netty at
 * ten connections, a burst of 35–112 ms of compiling 12–14 s into a 20 s step, 15–30 µs of JIT per
 * request, {@code jit-busy} in all four repeats. Closing once in the warm-up compiles that path and starts
 * the steps with pools the windows just used. nginx and HAProxy have no JIT and are not asked.
 */
final class IdleOriginClosing implements SteadyWindows.Settling {

    private static final Logger LOG = LoggerFactory.getLogger(IdleOriginClosing.class);
    /** The admin route both JVM front ends serve (proxy-core's {@code AdminEndpoints.CLOSE_IDLE_ORIGINS}). */
    static final String PATH = "/origin-pool/close-idle?idleMs=0";
    static final String DONE = "closed idle origin connections";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** One for the run, shared with {@link TimerRolling}: a client keeps a selector thread until it is collected. */
    static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final String label;
    private final URI uri;

    private IdleOriginClosing(String label, URI uri) {
        this.label = label;
        this.uri = uri;
    }

    /** Null for a front end without an admin port (nginx, HAProxy): nothing to settle. */
    static IdleOriginClosing of(String label, RunningServer frontEnd) {
        URI uri = frontEnd.adminUri(PATH);
        return uri == null ? null : new IdleOriginClosing(label, uri);
    }

    @Override
    public String settle() {
        try {
            HttpResponse<Void> answer = CLIENT.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            if (answer.statusCode() == 202) {
                return DONE;
            }
            LOG.info("[{}] does not close idle origin connections on request ({} answered {}): the warm-up goes on "
                    + "without", label, uri, answer.statusCode());
        } catch (IOException e) {
            LOG.warn("[{}] asking it to close idle origin connections failed, the warm-up goes on without: {}", label,
                    e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
