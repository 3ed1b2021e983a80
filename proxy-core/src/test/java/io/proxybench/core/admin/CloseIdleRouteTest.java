package io.proxybench.core.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.metrics.MetricsRenderer;
import io.proxybench.core.metrics.ProxyMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /origin-pool/close-idle}: the idleness asked for reaches the pool, and only a front end
 * with one serves it.
 */
class CloseIdleRouteTest {

    private final MetricsRenderer renderer = new MetricsRenderer(new ProxyMetrics().registry());

    @Test
    void passesTheIdlenessAskedForAndAnswersAccepted() {
        List<Duration> asked = new ArrayList<>();
        AdminEndpoints admin = new AdminEndpoints(renderer, () -> false, Map.of(), idleFor -> {
            asked.add(idleFor);
            return CompletableFuture.completedFuture(0);
        });

        assertThat(admin.handle("POST", "/origin-pool/close-idle?x=1&idleMs=1500")
                        .status())
                .isEqualTo(202);
        assertThat(admin.handle("POST", "/origin-pool/close-idle?idleMs=0").status())
                .isEqualTo(202);
        assertThat(admin.handle("POST", "/origin-pool/close-idle?idleMs=99999999999999")
                        .status())
                .as("more digits than any real idleness")
                .isEqualTo(400);

        assertThat(asked).containsExactly(Duration.ofMillis(1500), Duration.ZERO);
    }

    @Test
    void aFrontEndWithoutAPoolHasNoSuchRoute() {
        AdminEndpoints admin = new AdminEndpoints(renderer, () -> false);

        assertThat(admin.handle("POST", "/origin-pool/close-idle?idleMs=0").status())
                .isEqualTo(405);
        assertThat(new String(admin.handle("GET", "/nope").body())).doesNotContain("close-idle");
    }
}
