package io.proxybench.loadtest.plan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Everything a run does, checked and resolved: the single input of the orchestrator, and what
 * run.json records as the run's settings.
 *
 * @param frontEnds the columns, in run order, with all their settings merged
 * @param load      the steps, how long each lasts, and how the generator puts the load on
 * @param warmup    warm-up of each front end at the first step's load: none, fixed, or until steady
 * @param leadIn    load at each later step's level before it is measured: none, fixed, or until steady
 * @param jvm       how the JVM front ends' JVMs start
 * @param origin    how the stub origin answers
 * @param placement where the roles run, and on which CPUs
 * @param repeats   how many times every front end runs every step
 * @param profiler  what records each front end during each step
 * @param outDir    where the run's directory goes
 * @param command   the command line as typed, for run.json
 * @param tls       whether the front ends speak TLS to the generator, with which key and resumption
 */
public record RunPlan(
        List<FrontEndSpec> frontEnds,
        LoadShape load,
        WarmupPolicy warmup,
        LeadInPolicy leadIn,
        JvmSettings jvm,
        OriginSettings origin,
        Placement placement,
        RepeatPolicy repeats,
        Profiler profiler,
        Path outDir,
        String command,
        TlsSettings tls) {

    public RunPlan {
        frontEnds = List.copyOf(frontEnds);
        leadIn = leadIn == null ? LeadInPolicy.NONE : leadIn;
        tls = tls == null ? TlsSettings.OFF : tls;
    }

    /** The same plan with {@code value} as its front ends. */
    public RunPlan withFrontEnds(List<FrontEndSpec> value) {
        return new RunPlan(
                value, load, warmup, leadIn, jvm, origin, placement, repeats, profiler, outDir, command, tls);
    }

    /** The same plan with {@code value} as its repeats. */
    public RunPlan withRepeats(RepeatPolicy value) {
        return new RunPlan(
                frontEnds, load, warmup, leadIn, jvm, origin, placement, value, profiler, outDir, command, tls);
    }

    /** A plan that starts as {@code proxybench run} without options makes it, and takes only the parts given. */
    public static Builder builder() {
        return new Builder();
    }

    /** Sets parts of a plan by name; a part left alone is the command line's default. */
    public static final class Builder {

        private List<FrontEndSpec> frontEnds = List.of();
        private LoadShape load = new LoadShape(
                List.of(100, 200, 400),
                5,
                LoadModel.CLOSED,
                ConnectionMode.KEEPALIVE,
                GeneratorKind.WRK,
                2,
                Duration.ofSeconds(10));
        private WarmupPolicy warmup = new WarmupPolicy(true, 0, WarmupPolicy.DEFAULT_CAP_SEC);
        private LeadInPolicy leadIn = new LeadInPolicy(true, 0, LeadInPolicy.DEFAULT_CAP_SEC);
        private JvmSettings jvm = JvmSettings.REFERENCE;
        private OriginSettings origin = new OriginSettings(Duration.ofMillis(50), 1024, OriginFaultMix.NONE);
        private Placement placement = Placement.LOOPBACK;
        private RepeatPolicy repeats = RepeatPolicy.ONCE;
        private Profiler profiler = Profiler.NONE;
        private Path outDir = Path.of("results");
        private String command = "proxybench run";
        private TlsSettings tls = TlsSettings.OFF;

        private Builder() {}

        public Builder frontEnds(List<FrontEndSpec> value) {
            frontEnds = value;
            return this;
        }

        public Builder load(LoadShape value) {
            load = value;
            return this;
        }

        public Builder warmup(WarmupPolicy value) {
            warmup = value;
            return this;
        }

        public Builder leadIn(LeadInPolicy value) {
            leadIn = value;
            return this;
        }

        public Builder jvm(JvmSettings value) {
            jvm = value;
            return this;
        }

        public Builder origin(OriginSettings value) {
            origin = value;
            return this;
        }

        public Builder placement(Placement value) {
            placement = value;
            return this;
        }

        public Builder repeats(RepeatPolicy value) {
            repeats = value;
            return this;
        }

        public Builder profiler(Profiler value) {
            profiler = value;
            return this;
        }

        public Builder outDir(Path value) {
            outDir = value;
            return this;
        }

        public Builder command(String value) {
            command = value;
            return this;
        }

        public Builder tls(TlsSettings value) {
            tls = value;
            return this;
        }

        public RunPlan build() {
            return new RunPlan(
                    frontEnds, load, warmup, leadIn, jvm, origin, placement, repeats, profiler, outDir, command, tls);
        }
    }
}
