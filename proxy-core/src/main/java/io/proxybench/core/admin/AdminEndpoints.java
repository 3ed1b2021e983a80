package io.proxybench.core.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.core.metrics.MetricsRenderer;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin routes both front ends serve on their admin port: {@code /health},
 * {@code /metrics} (JSON), {@code /metrics/jvm} (the JVM's GC, heap and JIT figures alone, cheap
 * enough to read every second under load), {@code /metrics/prometheus} and {@code /resolved} (JSON: what the server
 * decided at start from its settings and the machine, such as the transport {@code auto} became,
 * so that a run records what actually ran and not only what was asked for); and, where the front end
 * has an origin pool, {@code POST /origin-pool/close-idle?idleMs=N} ({@link IdleOriginCloser}: 202 once
 * the closing has started).
 */
public final class AdminEndpoints {

    private static final Logger log = LoggerFactory.getLogger(AdminEndpoints.class);

    public static final String HEALTH = "/health";
    public static final String METRICS = "/metrics";
    public static final String JVM_METRICS = "/metrics/jvm";
    public static final String PROMETHEUS = "/metrics/prometheus";
    public static final String RESOLVED = "/resolved";
    public static final String CLOSE_IDLE_ORIGINS = "/origin-pool/close-idle";
    public static final String IDLE_MS = "idleMs";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final MetricsRenderer renderer;
    private final BooleanSupplier draining;
    private final Supplier<Map<String, String>> resolved;
    private final IdleOriginCloser idleOrigins;

    /** @param draining true once shutdown has begun; health then answers 503 so balancers move away */
    public AdminEndpoints(MetricsRenderer renderer, BooleanSupplier draining) {
        this(renderer, draining, Map.of(), null);
    }

    /**
     * @param resolved    what the server resolved at start, name to value, in the order to show it
     * @param idleOrigins closes idle origin connections on request; null: no such route
     */
    public AdminEndpoints(
            MetricsRenderer renderer,
            BooleanSupplier draining,
            Map<String, String> resolved,
            IdleOriginCloser idleOrigins) {
        this(renderer, draining, () -> resolved, idleOrigins);
    }

    /**
     * As above, with what was resolved read at each request: for a front end that learns some of it
     * only once started (e.g. the cipher suites its TLS library enabled).
     */
    public AdminEndpoints(
            MetricsRenderer renderer,
            BooleanSupplier draining,
            Supplier<Map<String, String>> resolved,
            IdleOriginCloser idleOrigins) {
        this.renderer = renderer;
        this.draining = draining;
        this.idleOrigins = idleOrigins;
        this.resolved = resolved;
    }

    public AdminResponse handle(String method, String uri) {
        String path = uri;
        int q = path.indexOf('?');
        if (q >= 0) {
            path = path.substring(0, q);
        }
        if (idleOrigins != null && path.equals(CLOSE_IDLE_ORIGINS)) {
            return closeIdleOrigins(method, q < 0 ? "" : uri.substring(q + 1));
        }
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return AdminResponse.text(405, "method not allowed");
        }
        return switch (path) {
            case HEALTH ->
                draining.getAsBoolean() ? AdminResponse.text(503, "draining") : AdminResponse.text(200, "ok");
            case METRICS -> new AdminResponse(200, "application/json", renderer.json());
            case JVM_METRICS -> new AdminResponse(200, "application/json", renderer.jvmJson());
            case PROMETHEUS ->
                new AdminResponse(200, MetricsRenderer.prometheusContentType(), renderer.prometheusText());
            case RESOLVED -> new AdminResponse(200, "application/json", resolvedJson());
            default ->
                AdminResponse.text(
                        404,
                        "not found: try " + HEALTH + ", " + METRICS + ", " + JVM_METRICS + ", " + PROMETHEUS + ", "
                                + RESOLVED + (idleOrigins == null ? "" : ", POST " + CLOSE_IDLE_ORIGINS));
        };
    }

    private AdminResponse closeIdleOrigins(String method, String query) {
        if (!"POST".equals(method)) {
            return AdminResponse.text(405, "method not allowed: " + CLOSE_IDLE_ORIGINS + " takes POST");
        }
        Long idleMs = null;
        for (String pair : query.split("&")) {
            if (pair.startsWith(IDLE_MS + "=")) {
                idleMs = wholeMillis(pair.substring(IDLE_MS.length() + 1));
                if (idleMs == null) {
                    break;
                }
            }
        }
        if (idleMs == null) {
            return AdminResponse.text(
                    400,
                    CLOSE_IDLE_ORIGINS + " needs " + IDLE_MS
                            + "=N, N whole milliseconds of idleness, 0 or more (0: every idle connection)");
        }
        long asked = idleMs;
        idleOrigins
                .closeIdle(Duration.ofMillis(asked))
                .thenAccept(closed -> log.info(
                        "closed {} origin connection(s) idle for {} ms or more, as asked on the admin port",
                        closed,
                        asked));
        return AdminResponse.text(202, "closing origin connections idle for " + idleMs + " ms or more");
    }

    private byte[] resolvedJson() {
        try {
            return JSON.writeValueAsBytes(resolved.get());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Long wholeMillis(String text) {
        if (text.isEmpty() || text.length() > 12 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        return Long.parseLong(text);
    }
}
