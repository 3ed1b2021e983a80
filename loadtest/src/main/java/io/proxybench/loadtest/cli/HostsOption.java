package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.topology.ssh.HostsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --hosts FILE}: read and checked while the command line is, so a bad line is a one-line
 * error before anything starts.
 */
final class HostsOption {

    private HostsOption() {}

    /** The hosts file for {@code --topology hosts} (required there, refused elsewhere), checked line by line. */
    static Path check(TopologyKind topology, Path hosts) throws PlanException {
        boolean wanted = topology == TopologyKind.HOSTS;
        if (!wanted) {
            if (hosts != null) {
                throw new PlanException("--hosts needs --topology hosts");
            }
            return null;
        }
        if (hosts == null) {
            throw new PlanException("--topology hosts needs --hosts FILE (format: docs/topology.md)");
        }
        read(hosts, "--hosts");
        return hosts.toAbsolutePath();
    }

    /** The parsed file; its errors as one line naming the file and line. */
    static HostsFile read(Path hosts, String option) throws PlanException {
        if (!Files.isRegularFile(hosts)) {
            throw new PlanException(option + ": no file " + hosts);
        }
        try {
            return HostsFile.read(hosts);
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage());
        } catch (IOException e) {
            throw new PlanException(option + ": cannot read " + hosts + ": " + e.getMessage());
        }
    }
}
