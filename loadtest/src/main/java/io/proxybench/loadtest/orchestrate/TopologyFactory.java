package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.TopologyOptions;
import io.proxybench.loadtest.topology.LoopbackTopology;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import io.proxybench.loadtest.topology.netns.NetnsSupport;
import io.proxybench.loadtest.topology.netns.NetnsTopology;

/** The topology {@code --topology} names, or a one-line reason it cannot be had here. */
final class TopologyFactory {

    private TopologyFactory() {
    }

    static Topology create(TopologyOptions options) throws PlanException {
        if (options.name().equals(TopologyOptions.LOOPBACK)) {
            return new LoopbackTopology();
        }
        LinkShaping shaping = shaping(options);
        String reason = NetnsSupport.unavailableReason(shaping).orElse(null);
        if (reason != null) {
            throw new PlanException(reason);
        }
        return new NetnsTopology(shaping);
    }

    static LinkShaping shaping(TopologyOptions options) throws PlanException {
        try {
            return LinkShaping.parse(options.link(), options.linkDelay());
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage());
        }
    }
}
