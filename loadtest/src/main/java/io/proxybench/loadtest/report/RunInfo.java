package io.proxybench.loadtest.report;

import java.util.List;
import java.util.Map;

/**
 * The conditions of one run, as stored in {@code run.json}.
 *
 * <p>Every field may be null: the file is written by whichever version of the kit made the run,
 * and a report must still render from an older or partial one.
 *
 * @param model    {@code closed} or {@code open}; null in runs made before the kit had an open model
 * @param stepUnit what a step's number counts ({@link StepUnit}); null in the same older runs
 */
public record RunInfo(
        String runId,
        String startedAt,
        String finishedAt,
        String command,
        String gitRevision,
        String generator,
        String mode,
        String model,
        String topology,
        Double durationSec,
        Double warmupSec,
        List<Integer> steps,
        String stepUnit,
        Double originLatencyMs,
        List<FrontEnd> frontEnds,
        Machine machine,
        List<String> warnings) {

    public RunInfo {
        steps = steps == null ? List.of() : List.copyOf(steps);
        frontEnds = frontEnds == null ? List.of() : List.copyOf(frontEnds);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** What the steps of this run count: connections, or requests per second in an open-model run. */
    public StepUnit unit() {
        return StepUnit.of(stepUnit, model);
    }

    /** One front end under test; {@code label} is the key that ties it to steps and samples. */
    public record FrontEnd(String label, String kind, Map<String, String> settings, List<String> jvmArgs) {
        public FrontEnd {
            settings = settings == null ? Map.of() : settings;
            jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        }
    }

    /** The box the run happened on. */
    public record Machine(
            String kernel,
            String cpuModel,
            Integer cores,
            Long memTotalMb,
            String jdk,
            Long ulimitNofile,
            Map<String, String> sysctls) {
        public Machine {
            sysctls = sysctls == null ? Map.of() : sysctls;
        }
    }
}
