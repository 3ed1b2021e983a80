package io.proxybench.loadtest.topology.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The small POSIX shell scripts the kit runs on a box, shipped inline with each ssh call
 * ({@code sh -c SCRIPT pb ARGS...}) so that nothing has to be installed there first.
 */
final class RemoteScripts {

    /** Runs a role's command, records its pid and stops it when the ssh session ends. */
    static final String RUN_ROLE = load("run-role.sh");
    /** Stops the processes of the named runs and removes their state. */
    static final String STOP_RUNS = load("stop-runs.sh");
    /** Lists the runs with state on the box: {@code RUN_ID KIT_HOST KIT_PID} a line. */
    static final String LIST_RUNS = load("list-runs.sh");
    /** Reports the files, Java version, open-files limit, sysctls and clock of the box. */
    static final String CHECK_BOX = load("check-box.sh");
    /** Prints one line of the box's /proc figures a second. */
    static final String SAMPLE_BOX = load("sample-box.sh");

    /** Creates the kit's file directory and reports rsync and the checksums of the files already there. */
    static final String SHIP_CHECK = load("ship-check.sh");
    /** Writes its stdin to a file, replacing it only once complete. */
    static final String SHIP_RECEIVE = load("ship-receive.sh");

    private RemoteScripts() {}

    /** {@code sh -c SCRIPT pb ARGS...}, quoted for the remote shell. */
    static String invocation(String script, List<String> args) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", script, "pb"));
        command.addAll(args);
        return SshCommands.shellCommand(command);
    }

    private static String load(String name) {
        try (InputStream in = RemoteScripts.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            // the comments are for readers of the file: the command line (and ps) gets the code and lint directives
            // only
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(line -> !line.isBlank()
                            && (!line.stripLeading().startsWith("# ")
                                    || line.stripLeading().startsWith("# shellcheck ")))
                    .collect(Collectors.joining("\n", "", "\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
