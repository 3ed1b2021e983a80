package io.proxybench.loadtest.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the JVM front ends' JVMs are started.
 *
 * @param profile   the profile's flags and proxy settings ({@code --jvm-profile})
 * @param gc        collector replacing the profile's ({@code --gc}), or null
 * @param javaHome  JDK for the JVM front ends and the origin, or null for the kit's own
 * @param extraArgs the user's own flags ({@code --jvm-arg}), after the profile's
 * @param launcherFlags the proxies' {@code jvm.options} flags for that JDK: the modern profile's
 */
public record JvmSettings(
        JvmProfile profile, GcChoice gc, Path javaHome, List<String> extraArgs, LauncherFlags launcherFlags) {

    /** The reference profile as it is: {@code --jvm-profile reference} alone. */
    public static final JvmSettings REFERENCE = new JvmSettings(JvmProfile.REFERENCE, null, null, List.of());

    public JvmSettings {
        extraArgs = List.copyOf(extraArgs);
        launcherFlags = launcherFlags == null ? LauncherFlags.NONE : launcherFlags;
    }

    /** Settings whose profile needs no launcher flags, or a test's that does not read them. */
    public JvmSettings(JvmProfile profile, GcChoice gc, Path javaHome, List<String> extraArgs) {
        this(profile, gc, javaHome, extraArgs, LauncherFlags.NONE);
    }

    /** JVM flags of one front end: those of its kind, then its own {@link FrontEndSpec#jvmFlags()}. */
    public List<String> argsFor(FrontEndSpec spec) {
        if (!spec.kind().isJvm()) {
            return List.of();
        }
        List<String> args = new ArrayList<>(argsFor(spec.kind()));
        args.addAll(spec.jvmFlags());
        return List.copyOf(args);
    }

    /** JVM flags of a kind: profile, then {@code --gc}, then the user's {@code --jvm-arg}s. */
    public List<String> argsFor(FrontEndKind kind) {
        if (!kind.isJvm()) {
            return List.of();
        }
        List<String> args = new ArrayList<>(profile.jvmArgs(kind, launcherFlags));
        if (gc != null) {
            args.removeIf(GcChoice::isCollectorFlag);
            args.addAll(gc.flags());
        }
        args.addAll(extraArgs);
        return List.copyOf(args);
    }
}
