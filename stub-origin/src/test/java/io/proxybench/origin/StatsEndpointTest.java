package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StatsEndpointTest extends OriginTestSupport {

    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void servesCountersAsJsonWithoutDelay() throws Exception {
        // Far beyond the request's timeout: a stats answer held back by the latency fails the send.
        StubOrigin origin = origin(b -> b.latency("120s"));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            for (int i = 0; i < 3; i++) {
                conn.send(RawHttpConnection.get("/", "X-Origin-Latency: 0"));
                conn.readResponse();
            }
            conn.send(RawHttpConnection.get("/", "X-Origin-Latency: 0", "X-Origin-Fault: status-500"));
            conn.readResponse();
        }
        HttpResponse<String> res = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/_origin/stats"))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(res.statusCode()).isEqualTo(200);
        assertThat(res.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode stats = json.readTree(res.body());
        assertThat(stats.get("requests").asLong()).isEqualTo(4);
        assertThat(stats.get("totalConnections").asLong()).isEqualTo(2);
        assertThat(stats.get("activeConnections").asLong()).isBetween(1L, 2L);
        assertThat(stats.get("rejectedConnections").asLong()).isZero();
        assertThat(stats.get("bytesIn").asLong()).isPositive();
        assertThat(stats.get("bytesOut").asLong()).isGreaterThan(3 * 1024L);
        assertThat(stats.get("faults").get("status-500").asLong()).isEqualTo(1);
        assertThat(stats.get("faults").fieldNames())
                .toIterable()
                .containsExactly("status-500", "reset", "close-mid-body", "garbage", "stall", "slow-body");
        assertThat(stats.get("compilationTimeMs").asLong())
                .as("the JIT has compiled something by now")
                .isPositive();
    }

    @Test
    void resetAnswersWithTheCountersThenZeroesThem() throws Exception {
        StubOrigin origin = origin();
        for (int i = 0; i < 2; i++) {
            client.send(
                    HttpRequest.newBuilder(origin.baseUri().resolve("/x")).build(),
                    HttpResponse.BodyHandlers.discarding());
        }
        HttpResponse<String> reset = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/_origin/stats/reset"))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(reset.statusCode()).isEqualTo(200);
        assertThat(json.readTree(reset.body()).get("requests").asLong()).isEqualTo(2);
        OriginStats after = origin.stats();
        assertThat(after.requests()).isZero();
        assertThat(after.totalConnections()).isZero();
        assertThat(after.faults().values()).containsOnly(0L);
        assertThat(after.activeConnections())
                .as("open connections are a gauge, not reset")
                .isEqualTo(1);
    }

    @Test
    void statsPathsOnlyTakeTheirMethods() throws Exception {
        StubOrigin origin = origin();
        HttpResponse<String> postStats = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/_origin/stats"))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(postStats.statusCode()).isEqualTo(405);
        assertThat(postStats.headers().firstValue("allow")).hasValue("GET, HEAD");
        HttpResponse<String> getReset = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/_origin/stats/reset"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(getReset.statusCode()).isEqualTo(405);
        assertThat(origin.stats().requests())
                .as("stats paths are not counted as requests")
                .isZero();
    }

    @Test
    void programmaticResetMatchesTheEndpoint() throws Exception {
        StubOrigin origin = origin();
        client.send(HttpRequest.newBuilder(origin.baseUri()).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(origin.stats().requests()).isEqualTo(1);
        origin.resetStats();
        assertThat(origin.stats().requests()).isZero();
    }
}
