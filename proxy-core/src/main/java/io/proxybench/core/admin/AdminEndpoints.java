package io.proxybench.core.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.core.metrics.MetricsRenderer;

import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The admin routes both front ends serve on their admin port: {@code /health},
 * {@code /metrics} (JSON), {@code /metrics/jvm} (the JVM's GC, heap and JIT figures alone, cheap
 * enough to read every second under load), {@code /metrics/prometheus} and {@code /resolved} (JSON: what the server
 * decided at start from its settings and the machine, such as the transport {@code auto} became,
 * so that a run records what actually ran and not only what was asked for).
 */
public final class AdminEndpoints {

    public static final String HEALTH = "/health";
    public static final String METRICS = "/metrics";
    public static final String JVM_METRICS = "/metrics/jvm";
    public static final String PROMETHEUS = "/metrics/prometheus";
    public static final String RESOLVED = "/resolved";

    private final MetricsRenderer renderer;
    private final BooleanSupplier draining;
    private final byte[] resolvedJson;

    /** @param draining true once shutdown has begun; health then answers 503 so balancers move away */
    public AdminEndpoints(MetricsRenderer renderer, BooleanSupplier draining) {
        this(renderer, draining, Map.of());
    }

    /** @param resolved what the server resolved at start, name to value, in the order to show it */
    public AdminEndpoints(MetricsRenderer renderer, BooleanSupplier draining, Map<String, String> resolved) {
        this.renderer = renderer;
        this.draining = draining;
        try {
            this.resolvedJson = new ObjectMapper().writeValueAsBytes(resolved);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public AdminResponse handle(String method, String uri) {
        String path = uri;
        int q = path.indexOf('?');
        if (q >= 0) {
            path = path.substring(0, q);
        }
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return AdminResponse.text(405, "method not allowed");
        }
        return switch (path) {
            case HEALTH -> draining.getAsBoolean() ? AdminResponse.text(503, "draining") : AdminResponse.text(200, "ok");
            case METRICS -> new AdminResponse(200, "application/json", renderer.json());
            case JVM_METRICS -> new AdminResponse(200, "application/json", renderer.jvmJson());
            case PROMETHEUS -> new AdminResponse(200, MetricsRenderer.prometheusContentType(), renderer.prometheusText());
            case RESOLVED -> new AdminResponse(200, "application/json", resolvedJson.clone());
            default -> AdminResponse.text(404, "not found: try " + HEALTH + ", " + METRICS + ", " + JVM_METRICS + ", " + PROMETHEUS + ", "
                    + RESOLVED);
        };
    }
}
