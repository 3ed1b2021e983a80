package io.proxybench.loadtest.results;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One (front end, step) of steps.json, field for field as docs/results-format.md defines it.
 * Figures are null when not measured (a failed step, nginx's GC). {@code connections} is the step's
 * number: requests per second offered in an open-model run (run.json's {@code stepUnit} says which).
 */
@JsonPropertyOrder({"frontEnd", "kind", "connections", "status", "failure", "flags", "startedAt", "durationSec",
    "requests", "rps", "latency", "errors", "cpuPct", "loadAvg", "runQueue", "ctxSwPerSec", "netMbps", "memFreeMb",
    "proxyCpuPct", "proxyCpuUsPerReq", "proxyRssMb", "proxyThreads", "originCpuPct", "generatorCpuPct",
    "gcMsPerSec", "gcCount", "heapUsedMb", "ceilingRps", "pctOfCeiling"})
public record StepRecord(
        String frontEnd,
        String kind,
        int connections,
        String status,
        String failure,
        List<String> flags,
        String startedAt,
        Double durationSec,
        Long requests,
        Double rps,
        Latency latency,
        Errors errors,
        Double cpuPct,
        Double loadAvg,
        Double runQueue,
        Double ctxSwPerSec,
        Double netMbps,
        Double memFreeMb,
        Double proxyCpuPct,
        Double proxyCpuUsPerReq,
        Double proxyRssMb,
        Integer proxyThreads,
        Double originCpuPct,
        Double generatorCpuPct,
        Double gcMsPerSec,
        Long gcCount,
        Double heapUsedMb,
        Double ceilingRps,
        Double pctOfCeiling) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";

    public static final String FLAG_GENERATOR_SATURATED = "generator-saturated";
    public static final String FLAG_SOCKET_ERRORS = "socket-errors";
    public static final String FLAG_TIMEOUTS = "timeouts";
    /** Responses with status 400 or more (the proxy or the origin refused or failed requests). */
    public static final String FLAG_HTTP_ERRORS = "http-errors";

    public StepRecord {
        flags = List.copyOf(flags);
    }

    /** A step that produced no figures, with the reason. */
    public static StepRecord failed(String frontEnd, String kind, int connections, String startedAt, String reason) {
        return new StepRecord(frontEnd, kind, connections, FAILED, reason, List.of(), startedAt, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null);
    }

    @JsonPropertyOrder({"meanMs", "p50Ms", "p75Ms", "p90Ms", "p99Ms", "maxMs"})
    public record Latency(Double meanMs, Double p50Ms, Double p75Ms, Double p90Ms, Double p99Ms, Double maxMs) {
    }

    @JsonPropertyOrder({"connect", "read", "write", "status", "timeout"})
    public record Errors(long connect, long read, long write, long status, long timeout) {
    }
}
