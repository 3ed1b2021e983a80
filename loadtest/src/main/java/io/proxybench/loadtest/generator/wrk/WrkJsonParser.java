package io.proxybench.loadtest.generator.wrk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import java.nio.file.Path;
import java.util.List;

/** Reads the JSON that {@code wrk/report.lua} writes at the end of a step. */
public final class WrkJsonParser {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WrkJsonParser() {
    }

    public static GeneratorResult parse(String json, List<Path> rawFiles) throws GeneratorException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new GeneratorException("wrk summary is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.hasNonNull("requests") || !root.hasNonNull("durationUs")) {
            throw new GeneratorException("wrk summary lacks requests/durationUs");
        }
        JsonNode e = root.path("errors");
        ErrorCounts errors = new ErrorCounts(e.path("connect").asLong(), e.path("read").asLong(),
                e.path("write").asLong(), e.path("status").asLong(), e.path("timeout").asLong());
        JsonNode l = root.path("latencyUs");
        LatencySummary latency = l.hasNonNull("mean")
                ? new LatencySummary(ms(l, "mean"), ms(l, "p50"), ms(l, "p75"), ms(l, "p90"), ms(l, "p99"), ms(l, "max"))
                : null;
        return new GeneratorResult(root.get("requests").asLong(), root.get("durationUs").asDouble() / 1e6,
                root.path("bytes").asLong(), latency, errors, rawFiles);
    }

    private static double ms(JsonNode latency, String field) {
        return latency.path(field).asDouble() / 1000.0;
    }
}
