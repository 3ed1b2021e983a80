package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.LauncherFlags;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Reads the proxies' {@code jvm.options} through the launcher itself ({@code bin/jvm-launch
 * --print-flags}), so that the kit starts a proxy with exactly the flags a user's {@code bin/proxy-netty}
 * would give it on the same JDK: one reader of the format, the launcher's.
 */
public final class JvmOptionsFiles {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private final Path launcher;
    private final CommandRunner runner;

    JvmOptionsFiles(Path launcher, CommandRunner runner) {
        this.launcher = launcher;
        this.runner = runner;
    }

    public static JvmOptionsFiles of(KitLayout layout) {
        return new JvmOptionsFiles(layout.home().resolve("bin/jvm-launch"), CommandRunner.processes(LIMIT));
    }

    /** Both proxies' flags for the JDK at {@code javaHome} (null: the kit's own). */
    public LauncherFlags read(Path javaHome) throws PlanException {
        return new LauncherFlags(flags(FrontEndKind.NETTY, javaHome), flags(FrontEndKind.TOMCAT, javaHome));
    }

    List<String> flags(FrontEndKind kind, Path javaHome) throws PlanException {
        if (!Files.isExecutable(launcher)) {
            throw new PlanException("--jvm-profile modern reads each proxy's jvm.options through " + launcher
                    + ", which is missing or not executable");
        }
        Path home = javaHome != null ? javaHome : Path.of(System.getProperty("java.home"));
        String module = "proxy-" + kind.id();
        CommandRunner.Result result;
        try {
            result = runner.run(List.of("env", "JAVA_HOME=" + home, launcher.toString(), "--print-flags", module));
        } catch (IOException e) {
            throw new PlanException("cannot run " + launcher + ": " + e.getMessage());
        }
        if (!result.ok()) {
            throw new PlanException(result.oneLine());
        }
        return result.output()
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
    }
}
