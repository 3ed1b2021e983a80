package io.proxybench.loadtest.profile;

import io.proxybench.loadtest.process.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts and stops a named Flight Recorder recording in another JVM with {@code jcmd}: {@code JFR.start
 * name=N settings=profile}, then {@code JFR.stop name=N filename=F}, which writes the recording and ends it.
 * The recording's settings are JFR's {@code profile} (method sampling every 10-20 ms, allocation and
 * lock events), the same as the whole-life recording the kit used to make.
 */
public final class FlightRecorderControl {

    /** jcmd starts a JVM of its own and attaches: a few seconds on a loaded two-core machine. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Path jcmd;
    private final CommandRunner runner;

    public FlightRecorderControl(Path jcmd, CommandRunner runner) {
        this.jcmd = jcmd;
        this.runner = runner;
    }

    /** The jcmd of {@code javaHome} (the JDK the front ends run on), else of the JDK running the kit. */
    public static Optional<FlightRecorderControl> find(Path javaHome) {
        return JdkTools.jcmd(javaHome).map(jcmd -> new FlightRecorderControl(jcmd, CommandRunner.processes(TIMEOUT)));
    }

    public void start(long pid, String name) throws ProfilerException {
        JcmdCommand.run(runner, jcmd, pid, "JFR.start", "name=" + name, "settings=profile");
    }

    /**
     * Starts a recording of the named events alone ({@code settings=none}), each with the given settings,
     * e.g. {@code jdk.VirtualThreadPinned#threshold=0ms}; needs a Java 17+ jcmd and target.
     */
    public void startOnly(long pid, String name, List<String> eventSettings) throws ProfilerException {
        List<String> args = new ArrayList<>(List.of("JFR.start", "name=" + name, "settings=none"));
        eventSettings.forEach(setting -> args.add("+" + setting));
        JcmdCommand.run(runner, jcmd, pid, args.toArray(String[]::new));
    }

    /** Writes the recording to {@code file} and ends it. */
    public void stop(long pid, String name, Path file) throws ProfilerException {
        JcmdCommand.run(runner, jcmd, pid, "JFR.stop", "name=" + name, "filename=" + file.toAbsolutePath());
        if (!Files.isRegularFile(file)) {
            throw new ProfilerException("JFR.stop wrote no " + file.getFileName());
        }
    }
}
