package io.proxybench.loadtest.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * run.json: the conditions of a run (docs/results-format.md), plus every setting, what each
 * figure is measured from, and the run's state ({@code running}, {@code finished},
 * {@code interrupted}) so that a partial run is recognisable.
 *
 * <p>Written by the run as it goes; read back by {@code report} and {@code compare} from whichever
 * version of the kit made the run, so every field may be null there.
 */
public record RunMetadata(
        String runId,
        String status,
        String startedAt,
        String finishedAt,
        String command,
        String gitRevision,
        @Flat Workload workload,
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

    public RunMetadata {
        workload = workload == null ? Workload.NONE : workload;
        frontEnds = frontEnds == null ? List.of() : List.copyOf(frontEnds);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        limits = limits == null ? List.of() : List.copyOf(limits);
    }

    /**
     * What load the run put on, and how.
     *
     * @param generator   {@code wrk} or {@code gatling}
     * @param mode        {@code keepalive} or {@code churn}
     * @param model       {@code closed} or {@code open}; null in runs made before the kit had an open model
     * @param steps       the steps in run order, in {@code stepUnit}
     * @param stepUnit    what the numbers in {@code steps} count ({@link StepUnit}); null in the same older runs
     */
    public record Workload(
            String generator,
            String mode,
            String model,
            String topology,
            Integer durationSec,
            Integer warmupSec,
            List<Integer> steps,
            String stepUnit,
            Double originLatencyMs,
            Integer payloadBytes) {

        static final Workload NONE = new Workload(null, null, null, null, null, null, null, null, null, null);

        public Workload {
            steps = steps == null ? List.of() : List.copyOf(steps);
        }

        /** What the steps of this run count: connections, or requests per second in an open-model run. */
        public StepUnit unit() {
            return StepUnit.of(stepUnit, model);
        }
    }

    /**
     * One front end as started; {@code label} is the key that ties it to steps and samples.
     *
     * @param settings  its {@code --set} settings (nginx: config values), bracket and pass-through alike
     * @param jvmArgs   JVM flags (empty for nginx)
     * @param rawDir    its directory under raw/
     * @param command   the proxy's full command line, once started
     * @param origin    the origin's full command line, once started
     * @param afterSteps the proxy's origin pool gauges and error counters read after its last step, once
     *                  the pool settled (metric name to value, plus {@code quietMs}); null when not read
     * @param readiness how it was brought to its first step; null before then and in older runs
     * @param resolved  what the proxy resolved at start (its admin {@code /resolved}: the transport
     *                  {@code auto} became, thread counts, leak tracking); null for nginx and HAProxy,
     *                  before the proxy answered, and in older runs
     */
    public record FrontEndInfo(
            String label,
            String kind,
            Map<String, String> settings,
            List<String> jvmArgs,
            String rawDir,
            List<String> command,
            List<String> origin,
            Map<String, Long> afterSteps,
            Readiness readiness,
            Map<String, String> resolved) {

        public FrontEndInfo {
            settings = settings == null ? Map.of() : settings;
            jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        }

        public FrontEndInfo started(List<String> command, List<String> origin) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, afterSteps, readiness, resolved);
        }

        public FrontEndInfo withAfterSteps(Map<String, Long> reading) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, reading, readiness, resolved);
        }

        public FrontEndInfo ready(Readiness readiness) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, afterSteps, readiness, resolved);
        }

        public FrontEndInfo withResolved(Map<String, String> atStart) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, afterSteps, readiness, atStart);
        }
    }

    /**
     * What came before a front end's first step: the wait for the machine to be idle again, then the
     * warm-up.
     *
     * @param settleSec        seconds waited, before the front end started, for the run queue to come back
     *                         near the idle baseline taken at the start of the run
     * @param runQueueBaseline that baseline: mean runnable tasks before anything was started
     * @param runQueue         mean runnable tasks over the last seconds of the wait
     * @param settled          false when the wait reached its cap with the run queue still above
     * @param warmupSec        seconds of warm-up
     * @param warmupEnd        {@code steady}, {@code cap} (its steps are flagged {@code not-steady}),
     *                         {@code fixed}, {@code none} or {@code failed}
     */
    public record Readiness(
            Double settleSec,
            Double runQueueBaseline,
            Double runQueue,
            Boolean settled,
            Double warmupSec,
            String warmupEnd) {}

    /** What the steps of this run count. */
    public StepUnit unit() {
        return workload.unit();
    }

    /** Replaces the front end of the same label, or adds it. */
    public RunMetadata withFrontEnd(FrontEndInfo info) {
        List<FrontEndInfo> all = new ArrayList<>(frontEnds);
        all.replaceAll(f -> f.label().equals(info.label()) ? info : f);
        if (all.stream().noneMatch(f -> f.label().equals(info.label()))) {
            all.add(info);
        }
        return new RunMetadata(
                runId,
                status,
                startedAt,
                finishedAt,
                command,
                gitRevision,
                workload,
                all,
                machine,
                warnings,
                limits,
                settings,
                measurement,
                topologyDetails);
    }

    public RunMetadata withWarning(String warning) {
        List<String> all = new ArrayList<>(warnings);
        all.add(warning);
        return new RunMetadata(
                runId,
                status,
                startedAt,
                finishedAt,
                command,
                gitRevision,
                workload,
                frontEnds,
                machine,
                all,
                limits,
                settings,
                measurement,
                topologyDetails);
    }

    public RunMetadata finished(String finalStatus, String at) {
        return new RunMetadata(
                runId,
                finalStatus,
                startedAt,
                at,
                command,
                gitRevision,
                workload,
                frontEnds,
                machine,
                warnings,
                limits,
                settings,
                measurement,
                topologyDetails);
    }
}
