package io.proxybench.loadtest.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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

    /**
     * The command as typed, for run.json: the launcher's name, the command's, then the arguments,
     * shell-quoted where needed.
     */
    String commandText() {
        // the parse result holds the whole command line, subcommand name included
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        List<String> args = all.subList(all.indexOf(spec.name()) + 1, all.size());
        String launcher = System.getProperty("proxybench.launcher", "proxybench");
        return launcher + " " + spec.name()
                + (args.isEmpty()
                        ? ""
                        : " " + args.stream().map(RunCommand::quoted).collect(Collectors.joining(" ")));
    }

    /** Ends the command with one line for the user and {@code exitCode}. */
    static ExitCodes.CommandFailure fail(int exitCode, String message) {
        return new ExitCodes.CommandFailure(exitCode, message);
    }
}
