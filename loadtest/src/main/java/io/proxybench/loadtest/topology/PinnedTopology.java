package io.proxybench.loadtest.topology;

import io.proxybench.loadtest.proc.NetworkProbe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Another topology whose role commands run under {@code taskset -c LIST} ({@code --cpus}). taskset
 * replaces itself with the command, so the process the kit samples and profiles is the command's own,
 * and its children (a JVM's threads, nginx's workers) inherit the CPU list. The pinning goes inside
 * the place's own wrapping ({@code ip netns exec NS taskset -c 1 java ...}), so the command, not the
 * wrapper, is what is pinned. Set-up and clean-up stay with the topology it wraps: only the role
 * commands of launchers and generators go through this one.
 */
public final class PinnedTopology implements Topology {

    private final Topology inner;
    private final String taskset;
    private final Map<Role, String> lists;

    /**
     * @param taskset path of the taskset program
     * @param lists   CPU list per pinned role; a role not in the map runs as {@code inner} runs it
     */
    public PinnedTopology(Topology inner, String taskset, Map<Role, String> lists) {
        this.inner = inner;
        this.taskset = taskset;
        this.lists = Map.copyOf(lists);
    }

    @Override
    public List<String> wrap(Role role, List<String> command) {
        return inner.wrap(role, pinned(role, command));
    }

    @Override
    public List<String> wrap(Role role, List<String> command, Map<String, String> env) {
        return inner.wrap(role, pinned(role, command), env);
    }

    /** {@code command} under {@code taskset -c} when its role is pinned, inside whatever the inner topology adds. */
    private List<String> pinned(Role role, List<String> command) {
        String list = lists.get(role);
        if (list == null) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of(taskset, "-c", list));
        pinned.addAll(command);
        return pinned;
    }

    @Override
    public Map<String, List<String>> hostSamplers() {
        return inner.hostSamplers();
    }

    @Override
    public Map<String, Topology> generatorBoxes() {
        Map<String, Topology> out = new LinkedHashMap<>();
        inner.generatorBoxes().forEach((name, box) -> out.put(name, new PinnedTopology(box, taskset, lists)));
        return out;
    }

    @Override
    public void put(Role role, Path file) throws IOException {
        inner.put(role, file);
    }

    @Override
    public boolean fetch(Role role, Path file) {
        return inner.fetch(role, file);
    }

    @Override
    public String boxOf(Role role) {
        return inner.boxOf(role);
    }

    @Override
    public Map<String, Integer> boxCores() {
        return inner.boxCores();
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public void setUp() throws Exception {
        inner.setUp();
    }

    @Override
    public String addressOf(Role role) {
        return inner.addressOf(role);
    }

    @Override
    public NetworkProbe networkProbe(Role role) {
        return inner.networkProbe(role);
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public InetSocketAddress controlEndpoint(Role role, String host, int port) throws IOException {
        return inner.controlEndpoint(role, host, port);
    }

    @Override
    public Thread cleanupHook() {
        return inner.cleanupHook();
    }
}
