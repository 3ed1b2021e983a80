package io.proxybench.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.proxybench.origin.OriginStats;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import io.proxybench.origin.behavior.FaultKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each simulation, run as the kit runs it (own JVM, figures from Gatling's report), against a stub
 * origin in this JVM: what Gatling says it sent must be what the origin received.
 */
class GatlingSmokeTest {

    private static final double ORIGIN_LATENCY_MS = 50;

    @TempDir
    Path tmp;

    @Test
    void keepAliveRampHoldsOneConnectionPerUserAndCountsWhatTheOriginServed() throws Exception {
        try (StubOrigin origin =
                StubOrigin.started(StubOriginOptions.builder().threads(1).build())) {
            GatlingChild.Result run =
                    run(origin, "KeepAliveRampSimulation", 10, 3, Map.of("proxybench.warmupSeconds", "1"));

            JsonNode warmup = run.phase("warmup");
            JsonNode step = run.phase("step-10");
            OriginStats stats = origin.stats();
            assertThat(warmup.get("step").asBoolean()).isFalse();
            assertThat(step.get("step").asBoolean()).isTrue();
            assertThat(warmup.get("requests").asLong()).isPositive();
            assertThat(step.get("requests").asLong()).isPositive();
            assertThat(warmup.get("requests").asLong() + step.get("requests").asLong())
                    .isEqualTo(stats.requests());
            assertThat(step.get("ko").asLong()).isZero();
            // 10 users hold 10 connections through warm-up and step; on a starved machine Gatling
            // now and then opens a new one before the last answered one is back in the user's pool
            assertThat(stats.totalConnections())
                    .as("10 users keep their connections, warm-up and step")
                    .isBetween(10L, 15L);
            assertLatencyAtLeastOrigin(step);
            // 10 users for 3 s, every request at least 50 ms: at most 61 each; the step ends with its
            // last answer, within a request timeout of its end
            assertThat(step.get("durationSec").asDouble()).isBetween(3.0, 3.0 + 5.0);
            assertThat(step.get("requests").asLong()).isBetween(10L, 610L);
            assertThat(Files.isRegularFile(run.resultsDir()
                            .resolve(run.figures().get("report").asText())
                            .resolve("index.html")))
                    .isTrue();
        }
    }

    @Test
    void churnOpensOneConnectionPerRequest() throws Exception {
        try (StubOrigin origin =
                StubOrigin.started(StubOriginOptions.builder().threads(1).build())) {
            GatlingChild.Result run = run(origin, "ChurnSimulation", 5, 3, Map.of());

            JsonNode step = run.phase("step-5");
            OriginStats stats = origin.stats();
            assertThat(step.get("requests").asLong()).isPositive().isEqualTo(stats.requests());
            assertThat(stats.totalConnections()).isEqualTo(stats.requests());
            assertLatencyAtLeastOrigin(step);
        }
    }

    @Test
    void fixedRateSendsTheRateWhateverTheAnswersOnSharedConnections() throws Exception {
        try (StubOrigin origin =
                StubOrigin.started(StubOriginOptions.builder().threads(1).build())) {
            GatlingChild.Result run = run(origin, "FixedRateSimulation", 50, 3, Map.of());

            JsonNode step = run.phase("step-50");
            OriginStats stats = origin.stats();
            assertThat(step.get("requests").asLong())
                    .as("50/s for 3 s")
                    .isEqualTo(150)
                    .isEqualTo(stats.requests());
            assertThat(step.get("ko").asLong()).isZero();
            // ~2.5 requests in flight at a time: pooled connections are reused, not one per request
            assertThat(stats.totalConnections()).isPositive().isLessThan(150);
            assertLatencyAtLeastOrigin(step);
        }
    }

    @Test
    void failedRequestsAreCountedByKind() throws Exception {
        StubOriginOptions options = StubOriginOptions.builder()
                .threads(1)
                .faultMix("status-500=0.2")
                .build();
        try (StubOrigin origin = StubOrigin.started(options)) {
            GatlingChild.Result run = run(origin, "FixedRateSimulation", 50, 3, Map.of());

            JsonNode step = run.phase("step-50");
            long faults = origin.stats().faultCount(FaultKind.STATUS_500);
            assertThat(faults).isPositive();
            assertThat(step.get("ko").asLong()).isEqualTo(faults);
            assertThat(step.get("errors").get("status").asLong()).isEqualTo(faults);
            assertThat(step.get("errors").get("read").asLong()).isZero();
            assertThat(step.get("errorMessages").get(0).get("message").asText()).contains("500");
        }
    }

    private GatlingChild.Result run(
            StubOrigin origin, String simulation, int step, int seconds, Map<String, String> extra) throws Exception {
        Path results = tmp.resolve("results");
        Path home = tmp.resolve("home");
        Files.createDirectories(home);
        Map<String, String> props = new HashMap<>(extra);
        props.put("proxybench.baseUrl", origin.baseUri().toString());
        props.put("proxybench.steps", Integer.toString(step));
        props.put("proxybench.stepSeconds", Integer.toString(seconds));
        props.put("proxybench.requestTimeoutMs", "5000");
        GatlingChild.Result result = GatlingChild.run(results, home, "io.proxybench.gatling." + simulation, props);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.figures()).as("figures file").isNotNull();
        assertThat(result.stdout()).contains("figures file=");
        try (Stream<Path> written = Files.walk(home)) {
            assertThat(written.filter(Files::isRegularFile))
                    .as("nothing written to the user's home")
                    .isEmpty();
        }
        return result;
    }

    private static void assertLatencyAtLeastOrigin(JsonNode step) {
        JsonNode latency = step.get("latency");
        assertThat(latency.get("minMs").asDouble()).isGreaterThanOrEqualTo(ORIGIN_LATENCY_MS);
        assertThat(latency.get("p50Ms").asDouble()).isGreaterThanOrEqualTo(ORIGIN_LATENCY_MS);
        assertThat(latency.get("p99Ms").asDouble())
                .isGreaterThanOrEqualTo(latency.get("p50Ms").asDouble());
        assertThat(latency.get("maxMs").asDouble())
                .isGreaterThanOrEqualTo(latency.get("p99Ms").asDouble());
    }
}
