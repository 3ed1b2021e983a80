package io.proxybench.gatling.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.gatling.report.Latency;
import java.util.List;
import java.util.Map;

/**
 * What one phase (a step or the warm-up) measured, as written to the figures file.
 *
 * @param requests     requests that ended, answered or failed (Gatling's "Total")
 * @param succeeded    those Gatling counts OK
 * @param failed       those Gatling counts KO
 * @param durationSec  from the phase's first request to its last answer; null if the run was cut short
 * @param latency      every ended request, failures included (a timeout counts as the timeout);
 *                     null when none ended
 * @param okLatency    the successful requests only; null when none succeeded
 * @param errors       failures by kind: connect, read, write, status, timeout
 * @param errorMessages Gatling's failure messages with their counts and kinds
 */
public record PhaseFigures(
        String name,
        boolean step,
        long requests,
        // written under Gatling's OK/KO names: the layout is format 1, which the kit's GatlingFigures reads
        @JsonProperty("ok") long succeeded,
        @JsonProperty("ko") long failed,
        Double durationSec,
        Long startEpochMs,
        Long endEpochMs,
        Latency latency,
        Latency okLatency,
        Map<String, Long> errors,
        List<Message> errorMessages) {

    public record Message(String message, String kind, long count) {}
}
