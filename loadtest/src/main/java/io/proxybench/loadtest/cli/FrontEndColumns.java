package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.cli.RunPlanReader.Installed;
import io.proxybench.loadtest.frontend.TomcatNativeLibrary;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndListParser;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.KindSetting;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.SweepExpander;
import io.proxybench.loadtest.runfile.BundledFrontEnds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The columns of a run: which front ends ({@code --front-ends}, or the kinds {@code --sweep} names,
 * or every installed one), the variants {@code --sweep} makes, and each one's settings merged from
 * {@code --set}, {@code --<kind>.<key>=} and its brackets, checked against what is installed.
 */
final class FrontEndColumns {

    static final String NGINX_HINT = "apt-get install nginx-light";
    static final String HAPROXY_HINT = "apt-get install haproxy";
    static final String TOMCAT_CONNECTOR = "tomcat.connector";

    private FrontEndColumns() {}

    /** The front ends in run order, every setting merged; {@code notes} gets what was skipped or swapped. */
    static List<FrontEndSpec> resolve(RunOptions o, Installed installed, List<String> notes) throws PlanException {
        List<KindSetting> globals = new ArrayList<>();
        for (String s : o.settings) {
            globals.add(KindSetting.parse(s, "--set"));
        }
        globals.addAll(passThrough(o.unmatched));
        List<KindSetting> sweeps = new ArrayList<>();
        for (String s : o.sweeps) {
            sweeps.add(KindSetting.parse(s, "--sweep"));
        }

        List<FrontEndSpec> frontEnds = listed(o, sweeps, installed, notes);
        frontEnds = SweepExpander.expand(frontEnds, sweeps);
        frontEnds = withGlobals(frontEnds, globals);
        for (FrontEndSpec spec : frontEnds) {
            checkJvmFlags(spec);
            if (BundledFrontEnds.has(spec.kind())) {
                try {
                    BundledFrontEnds.definition(spec.kind()).settings().check(spec.proxySettings());
                } catch (PlanException e) {
                    throw new PlanException("front end '" + spec.label() + "': " + e.getMessage());
                }
            }
        }
        if (!installed.tomcatNative()) {
            frontEnds = withoutApr(frontEnds, notes);
        }
        return frontEnds;
    }

    /** As listed, before sweeps and settings: {@code --front-ends}, else the swept kinds, else every installed kind. */
    static List<FrontEndSpec> listed(RunOptions o, List<KindSetting> sweeps, Installed installed, List<String> notes)
            throws PlanException {
        String text = o.frontEnds;
        if (text != null) {
            List<FrontEndSpec> specs = FrontEndListParser.parse(text, o.definitions);
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
            merged.add(new FrontEndSpec(spec.label(), spec.kind(), settings, spec.external()));
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
}
