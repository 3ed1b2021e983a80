package io.proxybench.loadtest.plan;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What runs behind a front-end label: one of the two JVM proxies, nginx or HAProxy as reference points,
 * or a proxy of the user's own, described in a run file ({@link ExternalFrontEnd}).
 */
public enum FrontEndKind {
    NETTY(true),
    TOMCAT(true),
    NGINX(false),
    HAPROXY(false),
    EXTERNAL(false);

    private final boolean jvm;

    FrontEndKind(boolean jvm) {
        this.jvm = jvm;
    }

    /** True for the proxies of this project (JVM flags, admin port, GC figures). */
    public boolean isJvm() {
        return jvm;
    }

    /**
     * The proxy's config key for a setting as the user wrote it. The proxies name their own keys
     * {@code <kind>.<name>} and every shared key has a dot ({@code workers.stage}), so a bare name
     * is the front end's own: {@code maxThreads} on tomcat is {@code tomcat.maxThreads}.
     * {@code routes} and {@code filters} are the shared keys without a dot. nginx and haproxy keys stay as they are.
     */
    public String configKey(String key) {
        if (!jvm
                || key.contains(".")
                || key.equals("routes")
                || key.equals("filters")
                || key.equals(FrontEndSpec.JVM_FLAGS)
                || key.equals(FrontEndSpec.REVISION)
                || key.equals(FrontEndSpec.TLS)
                || key.equals(FrontEndSpec.COMMIT)) {
            return key;
        }
        return id() + "." + key;
    }

    /** The lower-case name used in labels, settings prefixes and results. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the kinds a user names in a list; an external front end is named by its definition. */
    public boolean isBuiltIn() {
        return this != EXTERNAL;
    }

    public static FrontEndKind parse(String text) throws PlanException {
        return byId(text.trim().toLowerCase(Locale.ROOT))
                .filter(FrontEndKind::isBuiltIn)
                .orElseThrow(() -> new PlanException(
                        "unknown front end '" + text.trim() + "' (expected one of " + allIds() + ")"));
    }

    /** The kind whose {@link #id} is {@code id}; empty for a name of no kind. */
    public static Optional<FrontEndKind> byId(String id) {
        return Arrays.stream(values()).filter(k -> k.id().equals(id)).findFirst();
    }

    public static String allIds() {
        return Arrays.stream(values())
                .filter(FrontEndKind::isBuiltIn)
                .map(FrontEndKind::id)
                .collect(Collectors.joining(", "));
    }
}
