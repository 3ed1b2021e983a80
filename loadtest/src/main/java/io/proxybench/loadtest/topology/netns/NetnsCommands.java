package io.proxybench.loadtest.topology.netns;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How each piece of a {@link NetnsTopology} is made with {@code ip} and {@code tc}: the topology
 * decides which pieces and in what order, this issues the commands. A failed command becomes a
 * {@link TopologyException} naming the step, the command and the tool's answer on one line.
 */
final class NetnsCommands {

    private final CommandRunner runner;
    private final String ipTool;
    private final String tcTool;

    NetnsCommands(CommandRunner runner, String ipTool, String tcTool) {
        this.runner = runner;
        this.ipTool = ipTool;
        this.tcTool = tcTool;
    }

    List<String> inNamespace(String namespace, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of(ipTool, "netns", "exec", namespace));
        wrapped.addAll(command);
        return Collections.unmodifiableList(wrapped);
    }

    void addNamespace(String namespace) throws TopologyException {
        mustRun("create namespace", List.of(ipTool, "netns", "add", namespace));
    }

    /** Not {@link #mustRun}: closing reports a namespace it could not delete and goes on. */
    CommandRunner.Result deleteNamespace(String namespace) throws IOException {
        return runner.run(List.of(ipTool, "netns", "delete", namespace));
    }

    void link(String nsA, String ifA, String nsB, String ifB) throws TopologyException {
        // Both ends are created directly inside their namespaces: neither ever exists in the root one.
        mustRun(
                "create veth link",
                List.of(ipTool, "link", "add", ifA, "netns", nsA, "type", "veth", "peer", "name", ifB, "netns", nsB));
    }

    void address(String namespace, String iface, String cidr) throws TopologyException {
        mustRun("assign address", List.of(ipTool, "-n", namespace, "address", "add", cidr, "dev", iface));
    }

    void loopbackUp(String namespace) throws TopologyException {
        mustRun("bring up lo", List.of(ipTool, "-n", namespace, "link", "set", "dev", "lo", "up"));
    }

    void linkUp(String namespace, String iface) throws TopologyException {
        mustRun("bring up link", List.of(ipTool, "-n", namespace, "link", "set", "dev", iface, "up"));
    }

    /** Puts the shaping's qdisc on the interface; returns the qdisc as {@code tc} then shows it. */
    String shape(String namespace, String iface, LinkShaping shaping) throws TopologyException {
        List<String> add = new ArrayList<>(List.of(tcTool, "-n", namespace, "qdisc", "add", "dev", iface, "root"));
        add.addAll(shaping.qdiscArguments());
        CommandRunner.Result result = run("shape link", add);
        if (!result.ok()) {
            String kind = shaping.qdiscKind().orElse("?");
            if (result.output().contains("unknown") && kind.equals("netem")) {
                throw new TopologyException("link delay needs the kernel's netem qdisc (module sch_netem), which this"
                        + " kernel lacks; load sch_netem or drop --link-delay (a rate alone uses tbf)");
            }
            throw new TopologyException("shape link " + namespace + "/" + iface + " failed (" + String.join(" ", add)
                    + "): " + result.oneLine());
        }
        return mustRun("show qdisc", List.of(tcTool, "-n", namespace, "qdisc", "show", "dev", iface))
                .output()
                .strip();
    }

    CommandRunner.Result mustRun(String what, List<String> command) throws TopologyException {
        CommandRunner.Result result = run(what, command);
        if (!result.ok()) {
            throw new TopologyException(what + " failed (" + String.join(" ", command) + "): " + result.oneLine());
        }
        return result;
    }

    private CommandRunner.Result run(String what, List<String> command) throws TopologyException {
        try {
            return runner.run(command);
        } catch (IOException e) {
            throw new TopologyException(what + " failed (" + String.join(" ", command) + "): " + e.getMessage(), e);
        }
    }
}
