package io.proxybench.core.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.core.metrics.MetricsRenderer;
import io.proxybench.core.metrics.ProxyMetrics;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code /resolved}: what the server decided at start, as JSON, in the order the server gave it. */
class ResolvedRouteTest {

    private final MetricsRenderer renderer = new MetricsRenderer(new ProxyMetrics().registry());

    @Test
    void answersWithWhatTheServerResolvedInItsOrder() throws Exception {
        Map<String, String> resolved = new LinkedHashMap<>();
        resolved.put("transport", "epoll");
        resolved.put("leakDetection", "disabled");
        resolved.put("workers.inbound", "2");
        AdminResponse response = new AdminEndpoints(renderer, () -> false, resolved, null).handle("GET", "/resolved");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.contentType()).isEqualTo("application/json");
        Map<String, String> read = new ObjectMapper()
                .readValue(
                        new String(response.body(), StandardCharsets.UTF_8),
                        new TypeReference<LinkedHashMap<String, String>>() {});
        assertThat(read).containsExactlyEntriesOf(resolved);
        assertThat(List.copyOf(read.keySet())).containsExactly("transport", "leakDetection", "workers.inbound");
    }

    @Test
    void aServerThatResolvedNothingSaysSoAndUnknownPathsNameTheRoute() {
        AdminEndpoints admin = new AdminEndpoints(renderer, () -> false);

        assertThat(new String(admin.handle("GET", "/resolved").body(), StandardCharsets.UTF_8))
                .isEqualTo("{}");
        assertThat(new String(admin.handle("GET", "/nope").body(), StandardCharsets.UTF_8))
                .contains("/resolved");
    }
}
