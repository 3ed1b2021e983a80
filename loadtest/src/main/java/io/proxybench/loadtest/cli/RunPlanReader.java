package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.frontend.HaproxyConfig;
import io.proxybench.loadtest.frontend.NginxConfig;
import io.proxybench.loadtest.frontend.TomcatNativeLibrary;
import io.proxybench.loadtest.plan.ByteSizeParser;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.plan.DurationParser;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndListParser;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.GcChoice;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.JvmSettings;
import io.proxybench.loadtest.plan.KindSetting;
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
import io.proxybench.loadtest.plan.SweepExpander;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.plan.TopologyOptions;
import io.proxybench.loadtest.plan.WarmupPolicy;
import io.proxybench.loadtest.proc.OnlineCpus;
import io.proxybench.loadtest.report.RatioInterval;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Checks {@code run}'s options and resolves them into a {@link RunPlan}; any bad input is one {@link PlanException}. */
public final class RunPlanReader {

    static final List<Integer> DEFAULT_STEPS = List.of(100, 200, 400);
    static final int MAX_THREADS = 256;
    static final int MAX_REPEAT = 100;
    static final String NGINX_HINT = "apt-get install nginx-light";
    static final String HAPROXY_HINT = "apt-get install haproxy";
    static final String TOMCAT_CONNECTOR = "tomcat.connector";

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
        ConnectionMode mode = o.mode;
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
        JvmProfile jvmProfile = o.jvmProfile;
        GcChoice gc = o.gc;
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

        List<KindSetting> globals = new ArrayList<>();
        for (String s : o.settings) {
            globals.add(KindSetting.parse(s, "--set"));
        }
        globals.addAll(passThrough(o.unmatched));
        List<KindSetting> sweeps = new ArrayList<>();
        for (String s : o.sweeps) {
            sweeps.add(KindSetting.parse(s, "--sweep"));
        }

        List<FrontEndSpec> frontEnds = frontEnds(o.frontEnds, sweeps, installed, notes);
        frontEnds = SweepExpander.expand(frontEnds, sweeps);
        frontEnds = withGlobals(frontEnds, globals);
        for (FrontEndSpec spec : frontEnds) {
            checkJvmFlags(spec);
            if (spec.kind() == FrontEndKind.NGINX || spec.kind() == FrontEndKind.HAPROXY) {
                try {
                    if (spec.kind() == FrontEndKind.NGINX) {
                        NginxConfig.check(spec.settings());
                    } else {
                        HaproxyConfig.check(spec.settings());
                    }
                } catch (PlanException e) {
                    throw new PlanException("front end '" + spec.label() + "': " + e.getMessage());
                }
            }
        }
        if (!installed.tomcatNative()) {
            frontEnds = withoutApr(frontEnds, notes);
        }
        profiler.unprofiledNote(frontEnds).ifPresent(notes::add);
        fallingStepNote(steps, model).ifPresent(notes::add);
        return new Result(
                new RunPlan(
                        frontEnds,
                        new LoadShape(steps, duration, model, mode, generator, o.threads, timeout),
                        warmup,
                        LeadInPolicy.parse(o.leadIn, o.leadInCap, warmup),
                        new JvmSettings(jvmProfile, gc, javaHome, o.jvmArgs),
                        new OriginSettings(originLatency, payload, originFaults),
                        new Placement(topology, cpus),
                        new RepeatPolicy(
                                repeat(o.repeat), untilUndisturbed(o.untilUndisturbed, o.repeat, frontEnds.size())),
                        profiler,
                        o.out,
                        command),
                notes,
                generatorLine);
    }

    static List<FrontEndSpec> frontEnds(String text, List<KindSetting> sweeps, Installed installed, List<String> notes)
            throws PlanException {
        if (text != null) {
            List<FrontEndSpec> specs = FrontEndListParser.parse(text);
            requireInstalled(specs.stream().map(FrontEndSpec::kind).toList(), installed);
            return specs;
        }
        if (!sweeps.isEmpty()) {
            Set<FrontEndKind> kinds = new LinkedHashSet<>();
            sweeps.forEach(s -> kinds.add(s.kind()));
            requireInstalled(List.copyOf(kinds), installed);
            return kinds.stream().map(FrontEndSpec::plain).toList();
        }
        List<FrontEndSpec> specs = new ArrayList<>(
                List.of(FrontEndSpec.plain(FrontEndKind.NETTY), FrontEndSpec.plain(FrontEndKind.TOMCAT)));
        if (installed.nginx()) {
            specs.add(FrontEndSpec.plain(FrontEndKind.NGINX));
        } else {
            notes.add("nginx is not installed: its column is skipped (" + NGINX_HINT + ")");
        }
        if (installed.haproxy()) {
            specs.add(FrontEndSpec.plain(FrontEndKind.HAPROXY));
        } else {
            notes.add("haproxy is not installed: its column is skipped (" + HAPROXY_HINT + ")");
        }
        return specs;
    }

    private static void requireInstalled(List<FrontEndKind> kinds, Installed installed) throws PlanException {
        if (!installed.nginx() && kinds.contains(FrontEndKind.NGINX)) {
            throw new PlanException("nginx is not installed (" + NGINX_HINT + ")");
        }
        if (!installed.haproxy() && kinds.contains(FrontEndKind.HAPROXY)) {
            throw new PlanException("haproxy is not installed (" + HAPROXY_HINT + ")");
        }
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
                                + "close the origin connections the higher load left idle when their idle timeout (60 s by "
                                + "default) runs out, likely inside a lower step, whose CPU then includes the closing and, in a "
                                + "JVM, recompiling after its first such closes; in rising order the pools only grow");
            }
        }
        return Optional.empty();
    }

    /**
     * Tomcat front ends that would run the APR connector (its default) run NIO when libtcnative-1 is
     * missing, labelled {@code tomcat(nio)} so that no column reads as APR; one that asked for APR by
     * name keeps it and fails with the proxy's own reason.
     */
    static List<FrontEndSpec> withoutApr(List<FrontEndSpec> frontEnds, List<String> notes) {
        List<FrontEndSpec> out = new ArrayList<>();
        boolean swapped = false;
        for (FrontEndSpec spec : frontEnds) {
            if (spec.kind() == FrontEndKind.TOMCAT && !spec.settings().containsKey(TOMCAT_CONNECTOR)) {
                Map<String, String> settings = new LinkedHashMap<>(spec.settings());
                settings.put(TOMCAT_CONNECTOR, "nio");
                out.add(new FrontEndSpec(spec.label().replaceFirst("^tomcat", "tomcat(nio)"), spec.kind(), settings));
                swapped = true;
            } else {
                out.add(spec);
            }
        }
        if (swapped) {
            notes.add("TOMCAT RUNS NIO, NOT APR: " + TomcatNativeLibrary.PACKAGE + " is not installed, so the column is"
                    + " tomcat(nio) (apt-get install " + TomcatNativeLibrary.PACKAGE
                    + " for the reference APR connector)");
        }
        return out;
    }

    /** A variant's {@code jvm=} holds JVM flags, and only a JVM front end has them. */
    static void checkJvmFlags(FrontEndSpec spec) throws PlanException {
        if (!spec.settings().containsKey(FrontEndSpec.JVM_FLAGS)) {
            return;
        }
        if (!spec.kind().isJvm()) {
            throw new PlanException("front end '" + spec.label() + "': " + FrontEndSpec.JVM_FLAGS
                    + "= sets JVM flags, and " + spec.kind().id() + " is not a JVM");
        }
        for (String flag : spec.jvmFlags()) {
            if (!flag.startsWith("-")) {
                throw new PlanException("front end '" + spec.label() + "': '" + flag + "' is not a JVM flag (write "
                        + FrontEndSpec.JVM_FLAGS + "=-Xmn64m, several separated by spaces)");
            }
        }
    }

    /**
     * Settings for a whole kind go first; a variant's own settings override them. Keys become the
     * proxy's config keys ({@link FrontEndKind#configKey}); labels stay as written.
     */
    static List<FrontEndSpec> withGlobals(List<FrontEndSpec> frontEnds, List<KindSetting> globals)
            throws PlanException {
        for (KindSetting g : globals) {
            if (frontEnds.stream().noneMatch(f -> f.kind() == g.kind())) {
                throw new PlanException("setting " + g.kind().id() + "." + g.key() + ": no "
                        + g.kind().id() + " front end in this run");
            }
        }
        List<FrontEndSpec> merged = new ArrayList<>();
        for (FrontEndSpec spec : frontEnds) {
            Map<String, String> settings = new LinkedHashMap<>();
            globals.stream()
                    .filter(g -> g.kind() == spec.kind())
                    .forEach(g -> settings.put(spec.kind().configKey(g.key()), g.value()));
            spec.settings().forEach((k, v) -> settings.put(spec.kind().configKey(k), v));
            merged.add(new FrontEndSpec(spec.label(), spec.kind(), settings));
        }
        return merged;
    }

    /**
     * {@code --netty.workers.stage=8} or {@code --netty.workers.stage 8}: a setting for every front end
     * of that kind. Anything else left over is a mistyped option.
     */
    static List<KindSetting> passThrough(List<String> tokens) throws PlanException {
        List<KindSetting> settings = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            String name = token.startsWith("--") ? token.substring(2) : null;
            if (name == null || !KindSetting.startsWithKind(name)) {
                throw new PlanException(
                        token.startsWith("-")
                                ? "unknown option '" + token + "'"
                                : "unexpected argument '" + token + "'");
            }
            String pair = name;
            if (!name.contains("=")) {
                if (i + 1 >= tokens.size() || tokens.get(i + 1).startsWith("--")) {
                    throw new PlanException("option '" + token + "' needs a value (" + token + "=VALUE)");
                }
                pair = name + "=" + tokens.get(++i);
            }
            settings.add(KindSetting.parse(pair, "--" + pair.substring(0, pair.indexOf('='))));
        }
        return settings;
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
