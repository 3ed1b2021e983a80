package io.proxybench.loadtest.generator.gatling;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.generator.LoadWindow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the figures file the Gatling module writes after a run (Gatling's report tables, phase by
 * phase) into a step's result, with wrk's meaning for each field:
 *
 * <ul>
 *   <li>requests: those that got an answer, any status (Gatling's OK plus its status failures); a
 *       timed-out or broken request is an error, not a request, as in wrk;</li>
 *   <li>duration: the step's own span, first request to last answer, measured inside Gatling;</li>
 *   <li>latency: Gatling's figures over every request that ended, failures included (a timeout
 *       counts as the timeout), in whole milliseconds;</li>
 *   <li>errors: Gatling's failure messages sorted into wrk's kinds;</li>
 *   <li>load window: the step's first request to its last answer on the wall clock, so that the
 *       kit's per-step machine and CPU figures leave out the JVM start, the in-JVM warm-up and the
 *       report writing that share the step's process.</li>
 * </ul>
 */
public final class GatlingFigures {

    public static final String FILE_NAME = "figures.json";
    static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    private GatlingFigures() {}

    /** The result of phase {@code phase} in {@code file}; {@code fallbackDurationSec} when the run was cut short. */
    public static GeneratorResult read(Path file, String phase, double fallbackDurationSec, List<Path> rawFiles)
            throws GeneratorException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new GeneratorException("Gatling figures " + file.getFileName() + " unreadable: " + e.getMessage());
        }
        if (root == null || root.path("format").asInt() != FORMAT) {
            throw new GeneratorException("Gatling figures " + file.getFileName() + ": format "
                    + (root == null ? "none" : root.path("format").asText()) + ", expected " + FORMAT);
        }
        for (JsonNode node : root.path("phases")) {
            if (node.path("name").asText().equals(phase)) {
                return result(node, fallbackDurationSec, rawFiles);
            }
        }
        // a phase with no request that ended does not appear in Gatling's report
        throw new GeneratorException("Gatling ended no request in " + phase);
    }

    static GeneratorResult result(JsonNode phase, double fallbackDurationSec, List<Path> rawFiles) {
        JsonNode e = phase.path("errors");
        ErrorCounts errors = new ErrorCounts(
                e.path("connect").asLong(),
                e.path("read").asLong(),
                e.path("write").asLong(),
                e.path("status").asLong(),
                e.path("timeout").asLong());
        long answered = phase.path("ok").asLong() + errors.status();
        JsonNode l = phase.path("latency");
        LatencySummary latency = l.hasNonNull("meanMs")
                ? new LatencySummary(
                        l.get("meanMs").asDouble(),
                        l.path("p50Ms").asDouble(),
                        l.path("p75Ms").asDouble(),
                        l.path("p90Ms").asDouble(),
                        l.path("p99Ms").asDouble(),
                        l.path("maxMs").asDouble())
                : null;
        double duration =
                phase.hasNonNull("durationSec") ? phase.get("durationSec").asDouble() : fallbackDurationSec;
        // Gatling's report has no byte counts
        return new GeneratorResult(
                answered, duration, 0, latency, errors, rawFiles, window(phase, fallbackDurationSec));
    }

    /**
     * The phase's span on the wall clock; a run cut short has no last answer, and is taken to have
     * run for the requested time. Null when the phase has no start (a figures file without times).
     */
    static LoadWindow window(JsonNode phase, double fallbackDurationSec) {
        if (!phase.hasNonNull("startEpochMs")) {
            return null;
        }
        long start = phase.get("startEpochMs").asLong();
        long end = phase.hasNonNull("endEpochMs")
                ? phase.get("endEpochMs").asLong()
                : start + Math.round(fallbackDurationSec * 1000);
        return end >= start ? new LoadWindow(start, end) : null;
    }
}
