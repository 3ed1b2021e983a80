package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warm-up's one read of a JVM front end's timers, between two windows: a GET of its full
 * metrics, as any monitor of the proxy makes.
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
final class TimerRolling implements SteadyWindows.Settling {

    private static final Logger LOG = LoggerFactory.getLogger(TimerRolling.class);
    /** proxy-core's {@code AdminEndpoints.METRICS}: the route with the timers. */
    static final String PATH = "/metrics";
    static final String DONE = "read its timers once";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private final String label;
    private final URI uri;

    private TimerRolling(String label, URI uri) {
        this.label = label;
        this.uri = uri;
    }

    /** Null for a front end without an admin port (nginx, HAProxy): no timers of ours to read. */
    static TimerRolling of(String label, RunningServer frontEnd) {
        URI uri = frontEnd.adminUri(PATH);
        return uri == null ? null : new TimerRolling(label, uri);
    }

    @Override
    public String settle() {
        try {
            HttpResponse<Void> answer = IdleOriginClosing.CLIENT.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET()
                    .build(), HttpResponse.BodyHandlers.discarding());
            if (answer.statusCode() == 200) {
                return DONE;
            }
            LOG.info("[{}] its timers were not read ({} answered {}): the warm-up goes on without", label, uri,
                    answer.statusCode());
        } catch (IOException e) {
            LOG.warn("[{}] reading its timers failed, the warm-up goes on without: {}", label, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
