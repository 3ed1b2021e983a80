package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.plan.TopologyOptions;
import io.proxybench.loadtest.topology.LoopbackTopology;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import io.proxybench.loadtest.topology.netns.NetnsSupport;
import io.proxybench.loadtest.topology.netns.NetnsTopology;
import io.proxybench.loadtest.topology.ssh.HostsFile;
import io.proxybench.loadtest.topology.ssh.SshTopology;
import java.io.IOException;
import java.nio.file.Path;

/** The topology {@code --topology} names, or a one-line reason it cannot be had here. */
final class TopologyFactory {

    private TopologyFactory() {
    }

    static Topology create(RunPlan plan, Path javaBinary, KitLayout layout) throws PlanException {
        TopologyOptions options = plan.topology();
        if (options.name().equals(TopologyOptions.LOOPBACK)) {
            return new LoopbackTopology();
        }
        if (options.name().equals(TopologyOptions.HOSTS)) {
            return new SshTopology(hostsFile(options), HostsTopologyNeeds.of(plan, javaBinary, layout));
        }
        LinkShaping shaping = shaping(options);
        String reason = NetnsSupport.unavailableReason(shaping).orElse(null);
        if (reason != null) {
            throw new PlanException(reason);
        }
        return new NetnsTopology(shaping);
    }

    private static HostsFile hostsFile(TopologyOptions options) throws PlanException {
        try {
            return HostsFile.read(options.hostsFile());
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage());
        } catch (IOException e) {
            throw new PlanException("--hosts: cannot read " + options.hostsFile() + ": " + e.getMessage());
        }
    }

    static LinkShaping shaping(TopologyOptions options) throws PlanException {
        try {
            return LinkShaping.parse(options.link(), options.linkDelay());
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage());
        }
    }
}
