package io.proxybench.loadtest.results;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.proxybench.loadtest.machine.MachineDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * run.json: the conditions of a run (docs/results-format.md), plus every setting, what each
 * figure is measured from, and the run's state ({@code running}, {@code finished},
 * {@code interrupted}) so that a partial run is recognisable.
 *
 * @param model    {@code closed} or {@code open}
 * @param stepUnit what the numbers in {@code steps} count: {@code connections} (closed model) or
 *                 {@code rps}, requests per second offered (open model)
 */
@JsonPropertyOrder({"runId", "status", "startedAt", "finishedAt", "command", "gitRevision", "generator", "mode",
    "model", "topology", "durationSec", "warmupSec", "steps", "stepUnit", "originLatencyMs", "payloadBytes", "frontEnds", "machine",
    "warnings", "limits", "settings", "measurement", "topologyDetails"})
public record RunMetadata(
        String runId,
        String status,
        String startedAt,
        String finishedAt,
        String command,
        String gitRevision,
        String generator,
        String mode,
        String model,
        String topology,
        int durationSec,
        int warmupSec,
        List<Integer> steps,
        String stepUnit,
        double originLatencyMs,
        int payloadBytes,
        List<FrontEndInfo> frontEnds,
        MachineDescription machine,
        List<String> warnings,
        List<String> limits,
        Map<String, Object> settings,
        Map<String, Object> measurement,
        Map<String, Object> topologyDetails) {

    public static final String RUNNING = "running";
    public static final String FINISHED = "finished";
    public static final String INTERRUPTED = "interrupted";

    /**
     * One front end as started.
     *
     * @param settings  its {@code --set} settings (nginx: config values), bracket and pass-through alike
     * @param jvmArgs   JVM flags (empty for nginx)
     * @param rawDir    its directory under raw/
     * @param command   the proxy's full command line, once started
     * @param origin    the origin's full command line, once started
     */
    @JsonPropertyOrder({"label", "kind", "settings", "jvmArgs", "rawDir", "command", "origin"})
    public record FrontEndInfo(String label, String kind, Map<String, String> settings, List<String> jvmArgs,
            String rawDir, List<String> command, List<String> origin) {

        public FrontEndInfo started(List<String> command, List<String> origin) {
            return new FrontEndInfo(label, kind, settings, jvmArgs, rawDir, command, origin);
        }
    }

    /** Replaces the front end of the same label, or adds it. */
    public RunMetadata withFrontEnd(FrontEndInfo info) {
        List<FrontEndInfo> all = new ArrayList<>(frontEnds);
        all.replaceAll(f -> f.label().equals(info.label()) ? info : f);
        if (all.stream().noneMatch(f -> f.label().equals(info.label()))) {
            all.add(info);
        }
        return new RunMetadata(runId, status, startedAt, finishedAt, command, gitRevision, generator, mode, model,
                topology, durationSec, warmupSec, steps, stepUnit, originLatencyMs, payloadBytes, all, machine, warnings,
                limits, settings, measurement, topologyDetails);
    }

    public RunMetadata withWarning(String warning) {
        List<String> all = new ArrayList<>(warnings);
        all.add(warning);
        return new RunMetadata(runId, status, startedAt, finishedAt, command, gitRevision, generator, mode, model,
                topology, durationSec, warmupSec, steps, stepUnit, originLatencyMs, payloadBytes, frontEnds, machine, all,
                limits, settings, measurement, topologyDetails);
    }

    public RunMetadata finished(String finalStatus, String at) {
        return new RunMetadata(runId, finalStatus, startedAt, at, command, gitRevision, generator, mode, model,
                topology, durationSec, warmupSec, steps, stepUnit, originLatencyMs, payloadBytes, frontEnds, machine,
                warnings, limits, settings, measurement, topologyDetails);
    }
}
