package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.topology.TopologyException;
import io.proxybench.loadtest.topology.ssh.HostsFile;
import io.proxybench.loadtest.topology.ssh.SshTopology;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cleanup --hosts FILE}: what a killed multi-host run left on its boxes, stopped and removed. */
@Command(
        name = "cleanup",
        mixinStandardHelpOptions = true,
        description = {
            "Stops the processes that runs of this machine's kit left on the boxes of a hosts file when the"
                    + " kit was killed (kill -9), and removes their state there. Runs still going are left alone;"
                    + " the next run does the same first."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:nothing left behind, or all of it removed",
            "1:a box could not be reached or cleaned",
            "2:bad input (no or bad hosts file)"
        })
public class CleanupCommand extends KitCommand {

    @Option(
            names = "--hosts",
            paramLabel = "FILE",
            required = true,
            description = "The hosts file of the runs (format: docs/topology.md).")
    Path hosts;

    @Override
    public Integer call() throws PlanException {
        HostsFile file = HostsOption.read(hosts, "--hosts");
        List<String> lines;
        try {
            lines = SshTopology.removeLeftovers(file);
        } catch (TopologyException e) {
            throw fail(ExitCodes.FAILURE, e.getMessage());
        }
        lines.forEach(out()::println);
        if (lines.isEmpty()) {
            out().println("nothing left behind on the boxes of " + hosts);
        }
        out().flush();
        return ExitCodes.OK;
    }
}
