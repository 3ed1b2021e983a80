package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.util.List;

/** A command about one box (ssh, rsync, scp) whose failure is that box's problem, named by its target. */
final class BoxCommand {

    private BoxCommand() {}

    /**
     * Runs {@code command}; its output when it exited 0.
     *
     * @param what what the command was for, for the error line ({@code <box>: <what>: <reason>})
     */
    static String output(CommandRunner runner, List<String> command, HostsFile.Place box, String what)
            throws TopologyException {
        CommandRunner.Result result;
        try {
            result = runner.run(command);
        } catch (IOException e) {
            throw new TopologyException(box.target() + ": " + what + ": " + e.getMessage(), e);
        }
        if (!result.ok()) {
            throw new TopologyException(box.target() + ": " + what + ": " + result.oneLine());
        }
        return result.output();
    }
}
