package io.proxybench.loadtest.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every command shares: its output streams, and failing. A command returns its exit code
 * ({@link ExitCodes}) or throws; {@link ProxybenchMain} turns what it throws into one line on stderr.
 */
abstract class KitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** Ends the command with one line for the user and {@code exitCode}. */
    static ExitCodes.CommandFailure fail(int exitCode, String message) {
        return new ExitCodes.CommandFailure(exitCode, message);
    }
}
