package io.proxybench.loadtest.generator.wrk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.results.LatencySpectrum;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the JSON that {@code wrk/report.lua} writes at the end of a step. */
public final class WrkJsonParser {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WrkJsonParser() {}

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
        ErrorCounts errors = new ErrorCounts(
                e.path("connect").asLong(),
                e.path("read").asLong(),
                e.path("write").asLong(),
                e.path("status").asLong(),
                e.path("timeout").asLong());
        JsonNode l = root.path("latencyUs");
        LatencySummary latency = l.hasNonNull("mean")
                ? new LatencySummary(
                        ms(l, "mean"), ms(l, "p50"), ms(l, "p75"), ms(l, "p90"), ms(l, "p99"), ms(l, "max"))
                : null;
        return new GeneratorResult(
                root.get("requests").asLong(),
                root.get("durationUs").asDouble() / 1e6,
                root.path("bytes").asLong(),
                latency,
                errors,
                rawFiles);
    }

    /**
     * The latency spectrum the script adds when it is given levels ({@code WRK_PERCENTILES}): wrk's
     * quantiles at those levels, so it is marked approximate; empty for a summary without one (an
     * older script, the built-in generator's line, a step that answered nothing).
     */
    public static Optional<LatencySpectrum> spectrum(String json) throws GeneratorException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new GeneratorException("wrk summary is not JSON: " + e.getOriginalMessage());
        }
        JsonNode points = root == null ? null : root.get("spectrum");
        if (points == null
                || !points.isArray()
                || points.isEmpty()
                || !root.path("latencyUs").hasNonNull("max")) {
            return Optional.empty();
        }
        List<LatencySpectrum.Point> out = new ArrayList<>();
        for (JsonNode p : points) {
            if (!p.isArray()
                    || p.size() != 2
                    || !p.get(0).isNumber()
                    || !p.get(1).isNumber()) {
                throw new GeneratorException("wrk summary: a spectrum point is not [percent, microseconds]: " + p);
            }
            out.add(new LatencySpectrum.Point(p.get(0).asDouble(), p.get(1).asDouble()));
        }
        return Optional.of(new LatencySpectrum(
                "wrk",
                false,
                root.path("requests").asLong(),
                root.path("latencyUs").get("max").asDouble(),
                out));
    }

    private static double ms(JsonNode latency, String field) {
        return latency.path(field).asDouble() / 1000.0;
    }
}
