package io.proxybench.loadtest.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One (front end, step) of steps.json and results.csv (docs/results-format.md): who and when, then
 * the figures in parts. Figures are null when not measured (a failed step, nginx's JVM figures), and
 * so is every figure of a file that lacks it; code that renders or compares treats null as "not
 * measured", never as zero. {@code connections} is the step's number: requests per second offered in
 * an open-model run (run.json's {@code stepUnit} says which). {@code repeat} is which of the run's
 * repeats the record is (1..N, {@code run --repeat N}); null in files written before repeats, which
 * ran once.
 *
 * <p>A new per-step figure is one component of a part here, one line where it is measured, and one
 * column where it is shown: the files, their columns and their reading follow from this record.
 *
 * <p>{@code latencySpectrum} names the step's {@link LatencySpectrum} file in the front end's raw
 * directory (run.json {@code frontEnds[].rawDir}), or is null when the generator gave none.
 *
 * <p>{@code latencyMerge} is set when the step was split across several generator boxes: {@code exact}
 * when its latency was merged from their HdrHistogram logs, {@code approximate} when from their
 * latency spectra; null for one generator, and in older files.
 *
 * <p>{@code leadIn} is how the load ran at the step's level before the step was measured (every step
 * after a front end's first); null for a first step and in files written before lead-ins.
 *
 * <p>{@code handshakes} is a TLS churn step's handshakes ({@link Handshakes}); all null otherwise.
 */
public record StepRecord(
        String frontEnd,
        String kind,
        Integer connections,
        String status,
        String failure,
        List<String> flags,
        String startedAt,
        Double durationSec,
        @Flat Load load,
        Latency latency,
        Errors errors,
        @Flat MachineFigures machine,
        @Flat Processes processes,
        @Flat JvmFigures jvm,
        @Flat Ceiling ceiling,
        OriginFaults originFaults,
        String latencySpectrum,
        Integer repeat,
        String latencyMerge,
        LeadIn leadIn,
        @Flat CarrierPinning pinning,
        @Flat LockContention locks,
        Handshakes handshakes) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";

    /** The generator's own CPU reached 90 % of the cores its threads can use. */
    public static final String FLAG_GENERATOR_SATURATED = "generator-saturated";
    /** The whole machine's CPU reached 95 %: every process of the step competed for it. */
    public static final String FLAG_MACHINE_SATURATED = "machine-saturated";
    /**
     * The hypervisor gave the machine's cores to others for at least {@code StepFigures.STEAL_FLAG_PCT}
     * of their time in the step: a neighbour competed for the physical cores and their caches.
     */
    public static final String FLAG_CPU_STOLEN = "cpu-stolen";

    public static final String FLAG_SOCKET_ERRORS = "socket-errors";
    public static final String FLAG_TIMEOUTS = "timeouts";
    /** Responses with status 400 or more (the proxy or the origin refused or failed requests). */
    public static final String FLAG_HTTP_ERRORS = "http-errors";
    /** The front end's automatic warm-up reached its cap before its JIT was quiet and its req/s stable. */
    public static final String FLAG_NOT_STEADY = "not-steady";
    /**
     * The front end's JIT compiled during the step itself at the rate the warm-up counts as busy:
     * part of the CPU per request is compilation, whatever the warm-up or lead-in concluded before.
     */
    public static final String FLAG_JIT_BUSY = "jit-busy";
    /**
     * Flags after which a step's figures are not what the front end costs: the cores were taken, it was
     * still warming up or compiling, requests failed. The saturation flags are not among them: they
     * describe the load, which every front end at the step shared.
     */
    public static final Set<String> DISTURBING_FLAGS = Set.of(
            FLAG_CPU_STOLEN, FLAG_NOT_STEADY, FLAG_JIT_BUSY, FLAG_SOCKET_ERRORS, FLAG_TIMEOUTS, FLAG_HTTP_ERRORS);

    public StepRecord {
        flags = flags == null ? List.of() : List.copyOf(flags);
        load = load == null ? Load.NONE : load;
        latency = latency == null ? Latency.NONE : latency;
        errors = errors == null ? Errors.NONE : errors;
        machine = machine == null ? MachineFigures.NONE : machine;
        processes = processes == null ? Processes.NONE : processes;
        jvm = jvm == null ? JvmFigures.NONE : jvm;
        ceiling = ceiling == null ? Ceiling.NONE : ceiling;
        originFaults = originFaults == null ? OriginFaults.NONE : originFaults;
        pinning = pinning == null ? CarrierPinning.NONE : pinning;
        locks = locks == null ? LockContention.NONE : locks;
        handshakes = handshakes == null ? Handshakes.NONE : handshakes;
    }

    /** A step that produced no figures, with the reason. */
    public static StepRecord failed(String frontEnd, String kind, int connections, String startedAt, String reason) {
        Copy c = new Copy();
        c.frontEnd = frontEnd;
        c.kind = kind;
        c.connections = connections;
        c.status = FAILED;
        c.failure = reason;
        c.startedAt = startedAt;
        return c.build();
    }

    /** The same step with {@code flag} added (once). */
    public StepRecord withFlag(String flag) {
        if (flags.contains(flag)) {
            return this;
        }
        List<String> all = new ArrayList<>(flags);
        all.add(flag);
        return copy(c -> c.flags = all);
    }

    /** This record as the {@code repeat}-th repeat of its (front end, step). */
    public StepRecord withRepeat(Integer repeat) {
        return copy(c -> c.repeat = repeat);
    }

    /** The same step with its spectrum file named from {@code directory} (a repeat's own, under the front end's). */
    public StepRecord withSpectrumIn(String directory) {
        return latencySpectrum == null ? this : copy(c -> c.latencySpectrum = directory + "/" + latencySpectrum);
    }

    /** The same step, its latency merged from several generator boxes as {@code how} says. */
    public StepRecord withLatencyMerge(String how) {
        return copy(c -> c.latencyMerge = how);
    }

    /** The same step with the lead-in that ran before it. */
    public StepRecord withLeadIn(LeadIn leadIn) {
        return copy(c -> c.leadIn = leadIn);
    }

    /** The same step with its virtual threads' pinning. */
    public StepRecord withPinning(CarrierPinning pinning) {
        return copy(c -> c.pinning = pinning);
    }

    /** The same step with its TLS handshakes. */
    public StepRecord withHandshakes(Handshakes handshakes) {
        return copy(c -> c.handshakes = handshakes);
    }

    /** The same step with the lock its threads waited for longest. */
    public StepRecord withLocks(LockContention locks) {
        return copy(c -> c.locks = locks);
    }

    private StepRecord copy(Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.build();
    }

    /** The one place that lists every component for a copy: a new component is added here and above. */
    private static final class Copy {
        String frontEnd;
        String kind;
        Integer connections;
        String status;
        String failure;
        List<String> flags;
        String startedAt;
        Double durationSec;
        Load load;
        Latency latency;
        Errors errors;
        MachineFigures machine;
        Processes processes;
        JvmFigures jvm;
        Ceiling ceiling;
        OriginFaults originFaults;
        String latencySpectrum;
        Integer repeat;
        String latencyMerge;
        LeadIn leadIn;
        CarrierPinning pinning;
        LockContention locks;
        Handshakes handshakes;

        Copy() {}

        Copy(StepRecord r) {
            frontEnd = r.frontEnd;
            kind = r.kind;
            connections = r.connections;
            status = r.status;
            failure = r.failure;
            flags = r.flags;
            startedAt = r.startedAt;
            durationSec = r.durationSec;
            load = r.load;
            latency = r.latency;
            errors = r.errors;
            machine = r.machine;
            processes = r.processes;
            jvm = r.jvm;
            ceiling = r.ceiling;
            originFaults = r.originFaults;
            latencySpectrum = r.latencySpectrum;
            repeat = r.repeat;
            latencyMerge = r.latencyMerge;
            leadIn = r.leadIn;
            pinning = r.pinning;
            locks = r.locks;
            handshakes = r.handshakes;
        }

        StepRecord build() {
            return new StepRecord(
                    frontEnd,
                    kind,
                    connections,
                    status,
                    failure,
                    flags,
                    startedAt,
                    durationSec,
                    load,
                    latency,
                    errors,
                    machine,
                    processes,
                    jvm,
                    ceiling,
                    originFaults,
                    latencySpectrum,
                    repeat,
                    latencyMerge,
                    leadIn,
                    pinning,
                    locks,
                    handshakes);
        }
    }

    /** True unless the step failed (a missing status, from an older file, counts as ok). */
    public boolean ok() {
        return status == null || !FAILED.equalsIgnoreCase(status);
    }

    /** Whether the step produced figures and raised none of {@link #DISTURBING_FLAGS}. */
    public boolean undisturbed() {
        return ok() && flags.stream().noneMatch(DISTURBING_FLAGS::contains);
    }

    /**
     * The load at the step's level that ran just before the step, until the front end was steady again.
     *
     * @param seconds how long it ran
     * @param end     how it ended: {@code steady}, {@code cap} (the step is flagged not-steady), {@code fixed}
     *                ({@code --lead-in TIME}) or {@code failed}
     */
    public record LeadIn(Double seconds, String end) {}

    /** What the generator achieved: requests answered in the step and their rate. */
    public record Load(Long requests, Double rps) {
        static final Load NONE = new Load(null, null);
    }

    /** Latency of the step in milliseconds, as the generator measured it. */
    public record Latency(Double meanMs, Double p50Ms, Double p75Ms, Double p90Ms, Double p99Ms, Double maxMs) {
        static final Latency NONE = new Latency(null, null, null, null, null, null);
    }

    /** The sum of the counts present, or null when none is. */
    private static Long sumOrNull(Long... counts) {
        long sum = 0;
        boolean any = false;
        for (Long n : counts) {
            if (n != null) {
                sum += n;
                any = true;
            }
        }
        return any ? sum : null;
    }

    /** Errors the generator counted, by kind (wrk's classification). */
    public record Errors(Long connect, Long read, Long write, Long status, Long timeout) {
        static final Errors NONE = new Errors(null, null, null, null, null);

        /** All errors together, or null when none of the kinds was reported. */
        public Long total() {
            return sumOrNull(connect, read, write, status, timeout);
        }
    }

    /**
     * The processes of the step: the front end's CPU (one core = 100), its CPU time per request and
     * the kernel's part of that ({@code proxySysCpuUsPerReq}, stime; null in runs written before it
     * was recorded), memory and threads; the origin's and the generator's CPU; and of a JVM front end
     * the parts of its CPU time per request that its JIT compiler threads ({@code proxyJitCpuUsPerReq})
     * and its garbage collector's threads ({@code proxyGcCpuUsPerReq}) took (null for nginx and HAProxy,
     * for a step measured from samples, and in runs written before they were recorded).
     */
    public record Processes(
            Double proxyCpuPct,
            Double proxyCpuUsPerReq,
            Double proxySysCpuUsPerReq,
            Double proxyRssMb,
            Integer proxyThreads,
            Double originCpuPct,
            Double generatorCpuPct,
            Double proxyJitCpuUsPerReq,
            Double proxyGcCpuUsPerReq) {
        static final Processes NONE = new Processes(null, null, null, null, null, null, null, null, null);

        /**
         * CPU per request less what the JIT compiler threads took; the whole where they were not told apart
         * (nginx, HAProxy, a step measured from samples).
         */
        public Double proxyCpuUsPerReqOutsideJit() {
            return proxyCpuUsPerReq == null || proxyJitCpuUsPerReq == null
                    ? proxyCpuUsPerReq
                    : proxyCpuUsPerReq - proxyJitCpuUsPerReq;
        }

        /** The user-space part of the CPU per request: the whole less the kernel's; null unless both were measured. */
        public Double proxyUserCpuUsPerReq() {
            return proxyCpuUsPerReq == null || proxySysCpuUsPerReq == null
                    ? null
                    : proxyCpuUsPerReq - proxySysCpuUsPerReq;
        }
    }

    /** The Little's-law ceiling (connections ÷ origin latency) and the share of it reached; null in the open model. */
    public record Ceiling(Double ceilingRps, Double pctOfCeiling) {
        static final Ceiling NONE = new Ceiling(null, null);
    }

    /**
     * What the origin counted in the step ({@code /_origin/stats}, end minus start): the requests it
     * received and the faults it injected, by stub-origin's fault kind. All null when not read.
     */
    public record OriginFaults(
            Long requests, Long status500, Long reset, Long closeMidBody, Long garbage, Long stall, Long slowBody) {
        public static final OriginFaults NONE = new OriginFaults(null, null, null, null, null, null, null);

        /** Every injected fault together, or null when not read. */
        public Long total() {
            return sumOrNull(status500, reset, closeMidBody, garbage, stall, slowBody);
        }

        /** The counts since {@code earlier}, a reading of the same origin; null where either lacks one. */
        public OriginFaults since(OriginFaults earlier) {
            return new OriginFaults(
                    minus(requests, earlier.requests),
                    minus(status500, earlier.status500),
                    minus(reset, earlier.reset),
                    minus(closeMidBody, earlier.closeMidBody),
                    minus(garbage, earlier.garbage),
                    minus(stall, earlier.stall),
                    minus(slowBody, earlier.slowBody));
        }

        private static Long minus(Long now, Long before) {
            return now == null || before == null ? null : now - before;
        }
    }
}
