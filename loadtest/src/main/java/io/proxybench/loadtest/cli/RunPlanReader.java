package io.proxybench.loadtest.cli;

import io.proxybench.common.tls.KeyType;
import io.proxybench.loadtest.frontend.JvmOptionsFiles;
import io.proxybench.loadtest.plan.ByteSizeParser;
import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.plan.DurationParser;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.JavaRelease;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.JvmSettings;
import io.proxybench.loadtest.plan.LauncherFlags;
import io.proxybench.loadtest.plan.LeadInPolicy;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.LoadShape;
import io.proxybench.loadtest.plan.OriginFaultMix;
import io.proxybench.loadtest.plan.OriginSettings;
import io.proxybench.loadtest.plan.Placement;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.Profiler;
import io.proxybench.loadtest.plan.RepeatPolicy;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.StepListParser;
import io.proxybench.loadtest.plan.TlsClientProvider;
import io.proxybench.loadtest.plan.TlsResumption;
import io.proxybench.loadtest.plan.TlsSettings;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.plan.TopologyOptions;
import io.proxybench.loadtest.plan.WarmupPolicy;
import io.proxybench.loadtest.proc.OnlineCpus;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.report.RatioInterval;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks {@code run}'s options and resolves them into a {@link RunPlan}; any bad input is one
 * {@link PlanException}.
 */
public final class RunPlanReader {

    static final List<Integer> DEFAULT_STEPS = List.of(100, 200, 400);
    static final int MAX_THREADS = 256;
    static final int MAX_REPEAT = 100;

    /**
     * The plan, and notes for the user and run.json (a front end skipped, say).
     *
     * @param generatorLine the one line that says which generator runs and why ({@code --generator auto})
     */
    public record Result(RunPlan plan, List<String> notes, String generatorLine) {}

    /** What is installed on this machine, as far as the run's defaults go. */
    public record Installed(boolean wrk, boolean nginx, boolean haproxy, boolean tomcatNative) {

        /** Everything: the reference machine. */
        public static final Installed ALL = new Installed(true, true, true, true);
    }

    private RunPlanReader() {}

    public static Result read(RunOptions o, String command, Installed installed) throws PlanException {
        List<String> notes = new ArrayList<>();
        if (o.steps != null && o.ramp != null) {
            throw new PlanException("give either --steps or --ramp, not both");
        }
        List<Integer> steps = o.ramp != null
                ? StepListParser.ramp(o.ramp)
                : o.steps != null ? StepListParser.steps(o.steps) : DEFAULT_STEPS;
        int duration = DurationParser.wholeSeconds(o.duration, "--duration", 1);
        WarmupPolicy warmup = WarmupPolicy.parse(o.warmup, o.warmupCap);
        Duration timeout = Duration.ofSeconds(DurationParser.wholeSeconds(o.timeout, "--timeout", 1));
        LoadModel model = o.model;
        String generatorLine;
        GeneratorKind generator = o.generator.named().orElse(null);
        if (generator == null) {
            if (installed.wrk() && GeneratorKind.WRK.supports(model)) {
                generator = GeneratorKind.WRK;
                generatorLine = "generator: wrk";
            } else {
                generator = GeneratorKind.BUILTIN;
                generatorLine = "generator: built-in ("
                        + (installed.wrk()
                                ? "wrk does not run the open model"
                                : "wrk not installed: apt-get install wrk for a lower-CPU generator")
                        + ")";
            }
        } else {
            generatorLine = "generator: " + generator.id();
        }
        if (!generator.supports(model)) {
            throw new PlanException("--model " + model.id() + " needs --generator " + GeneratorKind.idsFor(model) + " ("
                    + generator.id() + " keeps a fixed number of connections)");
        }
        if (o.threads < 1 || o.threads > MAX_THREADS) {
            throw new PlanException("--threads: " + o.threads + " is out of range 1.." + MAX_THREADS);
        }
        Path javaHome = javaHome(o.javaHome);
        for (String arg : o.jvmArgs) {
            if (!arg.startsWith("-")) {
                throw new PlanException("--jvm-arg: '" + arg + "' is not a JVM flag (write --jvm-arg=-XX:...)");
            }
        }
        Profiler profiler = Profiler.parse(o.profile);
        Duration originLatency = DurationParser.parse(o.originLatency, "--origin-latency");
        if (originLatency.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new PlanException("--origin-latency: '" + o.originLatency + "' is longer than 1m");
        }
        int payload = ByteSizeParser.parse(o.payloadSize, "--payload-size");
        TopologyOptions topology = topology(o);
        OriginFaultMix originFaults = OriginFaultMix.parse(o.originFaults);
        CpuPinning cpus = CpuPinning.parse(o.cpus, OnlineCpus.read());

        List<FrontEndSpec> frontEnds = FrontEndColumns.resolve(o, installed, notes);
        int java = JavaRelease.feature(javaHome);
        for (FrontEndSpec spec : frontEnds) {
            if ("virtual".equals(spec.settings().get("tomcat.threads")) && java < JavaRelease.VIRTUAL_THREADS) {
                throw new PlanException("front end '" + spec.label() + "': virtual threads need a Java "
                        + JavaRelease.VIRTUAL_THREADS + "+ runtime, and this run's is " + java
                        + " (give --java-home of a JDK 21 or newer)");
            }
        }
        if (topology.kind() != TopologyKind.LOOPBACK
                && frontEnds.stream()
                        .anyMatch(f -> f.external() != null && !f.external().started())) {
            throw new PlanException("a front end given by address is measured on --topology loopback only: the"
                    + " kit cannot move a running proxy into its namespaces");
        }
        TlsSettings tls = tls(o, generator, frontEnds);
        profiler.unprofiledNote(frontEnds).ifPresent(notes::add);
        fallingStepNote(steps, model).ifPresent(notes::add);
        return new Result(
                new RunPlan(
                        frontEnds,
                        new LoadShape(steps, duration, model, o.mode, generator, o.threads, timeout),
                        warmup,
                        LeadInPolicy.parse(o.leadIn, o.leadInCap, warmup),
                        new JvmSettings(o.jvmProfile, o.gc, javaHome, o.jvmArgs, launcherFlags(o.jvmProfile, javaHome)),
                        new OriginSettings(originLatency, payload, originFaults),
                        new Placement(topology, cpus),
                        new RepeatPolicy(
                                repeat(o.repeat), untilUndisturbed(o.untilUndisturbed, o.repeat, frontEnds.size())),
                        profiler,
                        o.out,
                        command,
                        tls),
                notes,
                generatorLine);
    }

    /**
     * Steps in rising order only ever add to a front end's pool of origin connections; a step below an
     * earlier one meets the surplus being closed by the pool's idle timeout within its first minutes, and
     * a JVM's first such closes send compiled code back to be compiled again (docs/results-format.md).
     */
    static Optional<String> fallingStepNote(List<Integer> steps, LoadModel model) {
        for (int i = 1; i < steps.size(); i++) {
            int highest = steps.subList(0, i).stream()
                    .mapToInt(Integer::intValue)
                    .max()
                    .orElse(0);
            if (steps.get(i) < highest) {
                String unit = model == LoadModel.OPEN ? " req/s" : " connections";
                return Optional.of(
                        "step " + steps.get(i) + unit + " comes after " + highest + unit + ": the front ends "
                                + "close the origin connections the higher load left idle when their idle timeout "
                                + "(60 s by default) runs out, likely inside a lower step, whose CPU then includes the "
                                + "closing and, in a JVM, recompiling after its first such closes; in rising order the "
                                + "pools only grow");
            }
        }
        return Optional.empty();
    }

    static int repeat(int repeat) throws PlanException {
        if (repeat < 1 || repeat > MAX_REPEAT) {
            throw new PlanException("--repeat: " + repeat + " is out of range 1.." + MAX_REPEAT);
        }
        return repeat;
    }

    static int untilUndisturbed(int wanted, int repeat, int frontEnds) throws PlanException {
        if (wanted == 0) {
            return 0;
        }
        if (frontEnds < 2) {
            throw new PlanException("--until-undisturbed counts the repeats of each front end's ratio to the first:"
                    + " it needs two front ends or more");
        }
        if (wanted < RatioInterval.MIN_PAIRS || wanted > repeat) {
            throw new PlanException("--until-undisturbed: " + wanted + " is out of range " + RatioInterval.MIN_PAIRS
                    + "..--repeat (" + repeat + ")");
        }
        return wanted;
    }

    /** {@code --tls} where the kit can give every front end and the generator the run's certificate. */
    static TlsSettings tls(RunOptions o, GeneratorKind generator, List<FrontEndSpec> frontEnds) throws PlanException {
        if (!o.tls) {
            for (FrontEndSpec spec : frontEnds) {
                if (spec.settings().containsKey(FrontEndSpec.TLS)) {
                    throw new PlanException("front end '" + spec.label() + "': " + FrontEndSpec.TLS
                            + "=... chooses a front end's TLS in a --tls run; this run has no --tls");
                }
            }
            // their defaults pass: an earlier run's plan.yaml spells every default out
            if ((o.tlsKey != null && o.tlsKey != KeyType.ECDSA_P256)
                    || (o.tlsResumption != null && o.tlsResumption != TlsResumption.ON)
                    || (o.tlsClient != null && o.tlsClient != TlsClientProvider.OPENSSL)) {
                throw new PlanException("--tls-key, --tls-resumption and --tls-client apply to a --tls run only:"
                        + " add --tls, or leave them out");
            }
            return TlsSettings.OFF;
        }
        for (FrontEndSpec spec : frontEnds) {
            String choice = spec.settings().getOrDefault(FrontEndSpec.TLS, "on");
            if (!choice.equals("on") && !choice.equals("off")) {
                throw new PlanException(
                        "front end '" + spec.label() + "': " + FrontEndSpec.TLS + "=" + choice + " must be on or off");
            }
            if (spec.kind() == FrontEndKind.EXTERNAL
                    && spec.servesRunTls()
                    && !spec.external().servesTls()) {
                throw new PlanException("--tls: front end '" + spec.label() + "' reads none of the run's {{tls...}}"
                        + " placeholders, so it cannot be given the run's certificate (docs/run-files.md)");
            }
        }
        TlsClientProvider client = o.tlsClient == null ? TlsClientProvider.OPENSSL : o.tlsClient;
        if (generator == GeneratorKind.WRK && client == TlsClientProvider.JDK) {
            throw new PlanException("--tls-client jdk: wrk speaks TLS through OpenSSL only; use --generator builtin"
                    + " or gatling for the JDK's engine");
        }
        return new TlsSettings(
                true,
                o.tlsKey == null ? KeyType.ECDSA_P256 : o.tlsKey,
                o.tlsResumption == null ? TlsResumption.ON : o.tlsResumption,
                client);
    }

    private static TopologyOptions topology(RunOptions o) throws PlanException {
        TopologyKind kind = o.topology;
        if (kind != TopologyKind.NETNS && (o.link != null || o.linkDelay != null || o.applySysctl)) {
            throw new PlanException("--link, --link-delay and --apply-sysctl need --topology netns");
        }
        Path hosts = HostsOption.check(kind, o.hosts);
        try {
            LinkShaping.parse(o.link, o.linkDelay);
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage());
        }
        return new TopologyOptions(kind, o.link, o.linkDelay, o.applySysctl, hosts);
    }

    /** The modern profile starts each proxy as its launcher does: the flags of its jvm.options for that JDK. */
    private static LauncherFlags launcherFlags(JvmProfile profile, Path javaHome) throws PlanException {
        return profile == JvmProfile.MODERN
                ? JvmOptionsFiles.of(KitLayout.locate()).read(javaHome)
                : LauncherFlags.NONE;
    }

    private static Path javaHome(Path javaHome) throws PlanException {
        if (javaHome == null) {
            return null;
        }
        Path java = javaHome.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new PlanException("--java-home: no executable " + java);
        }
        return javaHome.toAbsolutePath();
    }
}
