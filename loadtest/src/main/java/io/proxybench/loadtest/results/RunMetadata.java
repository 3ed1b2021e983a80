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
     * @param tls       what its TLS port negotiated with the kit's probe; null on a plain run and in older runs
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
            Map<String, String> resolved,
            TlsHandshake tls) {

        public FrontEndInfo {
            settings = settings == null ? Map.of() : settings;
            jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        }

        /** What is known before it starts: nothing yet of its command lines, pool, readiness or resolution. */
        public static FrontEndInfo beforeStart(
                String label, String kind, Map<String, String> settings, List<String> jvmArgs, String rawDir) {
            return new FrontEndInfo(label, kind, settings, jvmArgs, rawDir, null, null, null, null, null, null);
        }

        public FrontEndInfo started(List<String> command, List<String> origin) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, afterSteps, readiness, resolved, tls);
        }

        public FrontEndInfo withAfterSteps(Map<String, Long> reading) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, reading, readiness, resolved, tls);
        }

        public FrontEndInfo ready(Readiness readiness) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, afterSteps, readiness, resolved, tls);
        }

        public FrontEndInfo withTls(TlsHandshake negotiated) {
            return new FrontEndInfo(
                    label,
                    kind,
                    settings,
                    jvmArgs,
                    rawDir,
                    command,
                    origin,
                    afterSteps,
                    readiness,
                    resolved,
                    negotiated);
        }

        public FrontEndInfo withResolved(Map<String, String> atStart) {
            return new FrontEndInfo(
                    label, kind, settings, jvmArgs, rawDir, command, origin, afterSteps, readiness, atStart, tls);
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
        return toBuilder().frontEnds(all).build();
    }

    public RunMetadata withWarning(String warning) {
        List<String> all = new ArrayList<>(warnings);
        all.add(warning);
        return toBuilder().warnings(all).build();
    }

    public RunMetadata finished(String finalStatus, String at) {
        return toBuilder().status(finalStatus).finishedAt(at).build();
    }

    /** A run.json with nothing in it yet: every field null, every list empty. */
    public static Builder builder() {
        return new Builder();
    }

    /** This run.json, to change a few fields of. */
    public Builder toBuilder() {
        return new Builder()
                .runId(runId)
                .status(status)
                .startedAt(startedAt)
                .finishedAt(finishedAt)
                .command(command)
                .gitRevision(gitRevision)
                .workload(workload)
                .frontEnds(frontEnds)
                .machine(machine)
                .warnings(warnings)
                .limits(limits)
                .settings(settings)
                .measurement(measurement)
                .topologyDetails(topologyDetails);
    }

    /** Sets run.json's fields by name; a field left alone is null (an empty list for the lists). */
    public static final class Builder {

        private String runId;
        private String status;
        private String startedAt;
        private String finishedAt;
        private String command;
        private String gitRevision;
        private Workload workload;
        private List<FrontEndInfo> frontEnds;
        private MachineDescription machine;
        private List<String> warnings;
        private List<String> limits;
        private Map<String, Object> settings;
        private Map<String, Object> measurement;
        private Map<String, Object> topologyDetails;

        private Builder() {}

        public Builder runId(String value) {
            runId = value;
            return this;
        }

        /** {@link #RUNNING}, {@link #FINISHED} or {@link #INTERRUPTED}. */
        public Builder status(String value) {
            status = value;
            return this;
        }

        public Builder startedAt(String value) {
            startedAt = value;
            return this;
        }

        public Builder finishedAt(String value) {
            finishedAt = value;
            return this;
        }

        public Builder command(String value) {
            command = value;
            return this;
        }

        public Builder gitRevision(String value) {
            gitRevision = value;
            return this;
        }

        public Builder workload(Workload value) {
            workload = value;
            return this;
        }

        public Builder frontEnds(List<FrontEndInfo> value) {
            frontEnds = value;
            return this;
        }

        public Builder machine(MachineDescription value) {
            machine = value;
            return this;
        }

        public Builder warnings(List<String> value) {
            warnings = value;
            return this;
        }

        public Builder limits(List<String> value) {
            limits = value;
            return this;
        }

        public Builder settings(Map<String, Object> value) {
            settings = value;
            return this;
        }

        public Builder measurement(Map<String, Object> value) {
            measurement = value;
            return this;
        }

        public Builder topologyDetails(Map<String, Object> value) {
            topologyDetails = value;
            return this;
        }

        public RunMetadata build() {
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
                    warnings,
                    limits,
                    settings,
                    measurement,
                    topologyDetails);
        }
    }
}
