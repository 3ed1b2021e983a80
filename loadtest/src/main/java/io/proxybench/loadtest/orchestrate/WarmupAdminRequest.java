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
 * One request to a JVM front end's admin port, made once between two windows of its warm-up so
 * that a path the steps would otherwise meet for the first time is met, and compiled, before them.
 * nginx and HAProxy have no JIT and no such port: the factories give null for them.
 */
final class WarmupAdminRequest implements SteadyWindows.Settling {

    private static final Logger LOG = LoggerFactory.getLogger(WarmupAdminRequest.class);
    /** proxy-core's {@code AdminEndpoints.CLOSE_IDLE_ORIGINS}, every idle connection. */
    static final String CLOSE_IDLE_PATH = "/origin-pool/close-idle?idleMs=0";

    static final String CLOSED_IDLE = "closed idle origin connections";
    /** proxy-core's {@code AdminEndpoints.METRICS}: the route with the timers. */
    static final String METRICS_PATH = "/metrics";

    static final String READ_TIMERS = "read its timers once";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** One for the run: a client keeps a selector thread until it is collected. */
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private final String label;
    private final HttpRequest request;
    private final int answered;
    private final String done;

    private WarmupAdminRequest(String label, HttpRequest request, int answered, String done) {
        this.label = label;
        this.request = request;
        this.answered = answered;
        this.done = done;
    }

    /** Both of the warm-up's requests in turn: the idle-origin closing, then the timer read. */
    static SteadyWindows.Settling all(String label, RunningServer frontEnd) {
        return SteadyWindows.Settling.both(closeIdleOrigins(label, frontEnd), readTimers(label, frontEnd));
    }

    /**
     * Asks the front end to close every idle origin connection, through the path its idle timeout takes.
     *
     * <p>Why: the warm-up's windows spread the client connections over the event loops differently each
     * time, so each loop's pool grows to the most it needed in any window and the surplus sits idle. A
     * minute later (the proxies' default origin idle timeout) the pool closes it, and if that first
     * happens inside a measured step, the JIT meets a path it never compiled: measured on proxy-netty at
     * ten connections, a burst of 35–112 ms of compiling 12–14 s into a 20 s step, 15–30 µs of JIT per
     * request, {@code jit-busy} in all four repeats. Closing once in the warm-up compiles that path and
     * starts the steps with pools the windows just used.
     */
    static WarmupAdminRequest closeIdleOrigins(String label, RunningServer frontEnd) {
        URI uri = frontEnd.adminUri(CLOSE_IDLE_PATH);
        return uri == null
                ? null
                : new WarmupAdminRequest(
                        label,
                        HttpRequest.newBuilder(uri)
                                .timeout(TIMEOUT)
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                        202,
                        CLOSED_IDLE);
    }

    /**
     * Reads the front end's full metrics, as any monitor of the proxy does.
     *
     * <p>Why: both proxies count each request's duration into HdrHistogram recorders, and a read swaps
     * each recorder's histogram for an empty one. The first value into an empty histogram raises its
     * maximum and lowers its minimum, branches a warm-up without reads never takes once the JIT has
     * profiled the path, so C2 compiles the request path without them. The kit reads no timer until a
     * front end's steps are over, but a new maximum inside a step takes the same branch: measured on
     * proxy-netty in churn at 100 connections, an {@code unstable_if} trap in {@code
     * AbstractHistogram.updateMinAndMax} 1.5 s into the first step threw away the compiled read path
     * and recompiling it took 170–220 ms of CPU a second, 6–9 µs of every request, {@code jit-busy}.
     * Read once here, the branches are taken in the warm-up, and the compiled code keeps them.
     */
    static WarmupAdminRequest readTimers(String label, RunningServer frontEnd) {
        URI uri = frontEnd.adminUri(METRICS_PATH);
        return uri == null
                ? null
                : new WarmupAdminRequest(
                        label,
                        HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                        200,
                        READ_TIMERS);
    }

    @Override
    public String settle() {
        String asked = request.method() + " " + request.uri();
        try {
            HttpResponse<Void> answer = CLIENT.send(request, HttpResponse.BodyHandlers.discarding());
            if (answer.statusCode() == answered) {
                return done;
            }
            LOG.info("[{}] {} answered {}: the warm-up goes on without it", label, asked, answer.statusCode());
        } catch (IOException e) {
            LOG.warn("[{}] {} failed, the warm-up goes on without it: {}", label, asked, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
