package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.generator.split.StepSplit;
import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.plan.TopologyOptions;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.topology.LoopbackTopology;
import io.proxybench.loadtest.topology.PinnedTopology;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import io.proxybench.loadtest.topology.netns.NetnsSupport;
import io.proxybench.loadtest.topology.netns.NetnsTopology;
import io.proxybench.loadtest.topology.ssh.HostsFile;
import io.proxybench.loadtest.topology.ssh.SshTopology;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The topology {@code --topology} names, pinned as {@code --cpus} says, or a one-line reason it cannot be had here. */
final class TopologyFactory {

    private static final Logger LOG = LoggerFactory.getLogger(TopologyFactory.class);

    private TopologyFactory() {}

    static Topology create(RunPlan plan, Path javaBinary, KitLayout layout) throws PlanException {
        TopologyOptions options = plan.placement().topology();
        if (options.kind() == TopologyKind.LOOPBACK) {
            return new LoopbackTopology();
        }
        if (options.kind() == TopologyKind.HOSTS) {
            HostsFile hosts = hostsFile(options);
            String refusal = StepSplit.check(
                            plan.load().steps(), hosts.generators().size())
                    .orElse(null);
            if (refusal != null) {
                throw new PlanException(refusal);
            }
            return new SshTopology(hosts, HostsTopologyNeeds.of(plan, javaBinary, layout));
        }
        LinkShaping shaping = shaping(options);
        String reason = NetnsSupport.unavailableReason(shaping).orElse(null);
        if (reason != null) {
            throw new PlanException(reason);
        }
        return new NetnsTopology(shaping);
    }

    /**
     * {@code topology} with each role of {@code --cpus} started under {@code taskset -c}; as it is when
     * nothing is pinned. The run refuses to start without taskset: the user asked for pinning.
     */
    static Topology pinned(Topology topology, CpuPinning pinning) throws PlanException {
        if (pinning.isEmpty()) {
            return topology;
        }
        Path taskset = Executables.find("taskset")
                .orElseThrow(() ->
                        new PlanException("--cpus needs taskset, which is not installed (apt-get install util-linux)"));
        Map<Role, String> lists = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            String list = pinning.listFor(role.name().toLowerCase(Locale.ROOT));
            if (list != null) {
                lists.put(role, list);
            }
        }
        LOG.info("CPU pinning (taskset -c): {}", pinning.describe());
        pinning.sharedCpuWarnings().forEach(w -> LOG.warn("CPU pinning: {}", w));
        return new PinnedTopology(topology, taskset.toString(), lists);
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
