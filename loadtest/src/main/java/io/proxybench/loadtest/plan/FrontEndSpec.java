package io.proxybench.loadtest.plan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One column of the results: a front end kind with its own settings.
 *
 * @param label    the name shown in tables and files, e.g. {@code netty[workers.stage=8]}
 * @param settings passed to the process as {@code --set key=value} (nginx: config directives), except
 *                 {@value #JVM_FLAGS}, the variant's JVM flags
 * @param external how to start and reach it, for {@link FrontEndKind#EXTERNAL} only; null otherwise
 */
public record FrontEndSpec(String label, FrontEndKind kind, Map<String, String> settings, ExternalFrontEnd external) {

    /**
     * The one key that is not the proxy's: JVM flags of this variant alone, space-separated, after the
     * run's own ({@code netty[jvm=-Xmn24m]} against {@code netty}), so JVM settings compare within one run.
     */
    public static final String JVM_FLAGS = "jvm";
    /**
     * Not the proxy's either: the git revision whose proxy runs ({@code netty@HEAD~3} is {@code
     * netty[revision=HEAD~3]}; {@value #WORKTREE} for uncommitted changes), built by the kit's revision package.
     */
    public static final String REVISION = "revision";
    /** Set once the revision is built: the commit id it resolved to, for run.json and the report. */
    public static final String COMMIT = "commit";
    /** The revision that stands for the working tree with its uncommitted changes. */
    public static final String WORKTREE = "worktree";
    /**
     * Not the proxy's either: {@code tls=off} keeps this front end on plain HTTP in a {@code --tls}
     * run ({@code netty} against {@code netty[tls=off]}), so what TLS costs is a ratio within one run.
     */
    public static final String TLS = "tls";

    public FrontEndSpec {
        // keeps the user's order: it is the order of the label and of the --set flags
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        if ((kind == FrontEndKind.EXTERNAL) != (external != null)) {
            throw new IllegalArgumentException("an external front end, and only one, has a definition: " + label);
        }
    }

    /** A built-in front end. */
    public FrontEndSpec(String label, FrontEndKind kind, Map<String, String> settings) {
        this(label, kind, settings, null);
    }

    /** A front end of the user's own, labelled by its definition's name. */
    public static FrontEndSpec external(ExternalFrontEnd definition) {
        return new FrontEndSpec(definition.name(), FrontEndKind.EXTERNAL, Map.of(), definition);
    }

    /** The plain front end, labelled by its kind. */
    public static FrontEndSpec plain(FrontEndKind kind) {
        return new FrontEndSpec(kind.id(), kind, Map.of());
    }

    /** A variant with its bracket settings spelled into the label, in the given order. */
    public static FrontEndSpec variant(FrontEndKind kind, Map<String, String> settings) {
        if (settings.isEmpty()) {
            return plain(kind);
        }
        String revision = settings.get(REVISION);
        String name = revision == null ? kind.id() : kind.id() + "@" + revision;
        String inside = settings.entrySet().stream()
                .filter(e -> !e.getKey().equals(REVISION) && !e.getKey().equals(COMMIT))
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
        return new FrontEndSpec(inside.isEmpty() ? name : name + "[" + inside + "]", kind, settings);
    }

    /** This variant's own JVM flags ({@value #JVM_FLAGS}), in order; empty when it has none. */
    public List<String> jvmFlags() {
        String flags = settings.getOrDefault(JVM_FLAGS, "").trim();
        return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
    }

    /** The git revision this front end's proxy is built from, if not the kit's own checkout. */
    public Optional<String> revision() {
        return Optional.ofNullable(settings.get(REVISION));
    }

    /**
     * The settings the proxy itself receives: all but {@value #JVM_FLAGS}, {@value #REVISION},
     * {@value #COMMIT} and {@value #TLS}.
     */
    public Map<String, String> proxySettings() {
        if (!settings.containsKey(JVM_FLAGS)
                && !settings.containsKey(REVISION)
                && !settings.containsKey(COMMIT)
                && !settings.containsKey(TLS)) {
            return settings;
        }
        Map<String, String> proxy = new LinkedHashMap<>(settings);
        proxy.remove(JVM_FLAGS);
        proxy.remove(REVISION);
        proxy.remove(COMMIT);
        proxy.remove(TLS);
        return Collections.unmodifiableMap(proxy);
    }

    /** False for a variant kept on plain HTTP ({@code [tls=off]}) in a {@code --tls} run. */
    public boolean servesRunTls() {
        return !"off".equals(settings.get(TLS));
    }

    /** This front end with the commit its revision resolved to; the label stays as written. */
    public FrontEndSpec withCommit(String commit) {
        Map<String, String> more = new LinkedHashMap<>(settings);
        more.put(COMMIT, commit);
        return new FrontEndSpec(label, kind, more);
    }

    /** This variant with more settings; later keys override earlier ones. */
    public FrontEndSpec with(Map<String, String> more) {
        Map<String, String> merged = new LinkedHashMap<>(settings);
        merged.putAll(more);
        return variant(kind, merged);
    }

    /** A directory name for this label: brackets and anything a shell would trip on become '_'. */
    public String directoryName() {
        String slug = label.replaceAll("[^A-Za-z0-9._=,-]", "_").replaceAll("_+$", "");
        return slug.isEmpty() ? kind.id() : slug;
    }
}
