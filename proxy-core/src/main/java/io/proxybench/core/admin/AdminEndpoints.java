package io.proxybench.core.admin;

import io.proxybench.core.metrics.MetricsRenderer;

import java.util.function.BooleanSupplier;

/**
 * The admin routes both front ends serve on their admin port: {@code /health},
 * {@code /metrics} (JSON) and {@code /metrics/prometheus}.
 */
public final class AdminEndpoints {

    public static final String HEALTH = "/health";
    public static final String METRICS = "/metrics";
    public static final String PROMETHEUS = "/metrics/prometheus";

    private final MetricsRenderer renderer;
    private final BooleanSupplier draining;

    /** @param draining true once shutdown has begun; health then answers 503 so balancers move away */
    public AdminEndpoints(MetricsRenderer renderer, BooleanSupplier draining) {
        this.renderer = renderer;
        this.draining = draining;
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
            case PROMETHEUS -> new AdminResponse(200, MetricsRenderer.prometheusContentType(), renderer.prometheusText());
            default -> AdminResponse.text(404, "not found: try " + HEALTH + ", " + METRICS + ", " + PROMETHEUS);
        };
    }
}
