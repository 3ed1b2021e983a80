package io.proxybench.loadtest.profile;

import io.proxybench.loadtest.process.CommandRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One {@code jcmd <pid> <command> ...} against another JVM, for the kit's profiling controls. */
final class JcmdCommand {

    private JcmdCommand() {}

    /**
     * Runs {@code jcmd pid args...}; {@code args[0]} names the command in error messages.
     *
     * @throws ProfilerException when jcmd could not run or the command failed inside the JVM
     */
    static void run(CommandRunner runner, Path jcmd, long pid, String... args) throws ProfilerException {
        List<String> command = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
        command.addAll(List.of(args));
        String what = args[0];
        CommandRunner.Result result;
        try {
            result = runner.run(command);
        } catch (IOException e) {
            throw new ProfilerException(what + ": " + e.getMessage());
        }
        // jcmd exits 0 even when the command inside the JVM failed; those errors are worded so
        if (!result.ok()
                || result.output().contains("Could not")
                || result.output().contains("Exception")) {
            throw new ProfilerException(what + " failed: " + result.oneLine());
        }
    }
}
