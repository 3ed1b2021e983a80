package io.proxybench.loadtest.topology;

import io.proxybench.loadtest.proc.NetworkProbe;
import java.util.List;
import java.util.Map;

/**
 * Loopback for tests, under another topology's name and with roles placed on named boxes: all that
 * code reading only a topology's {@link #name} or {@link #boxOf} sees of a netns or multi-host run.
 */
public final class LoopbackStandIn implements Topology {

    private final Topology loopback = new LoopbackTopology();
    private final String name;
    private final Map<Role, String> boxes;

    /** @param boxes the roles that run on another box, and its name ({@code ssh:bench@proxy-1}) */
    public LoopbackStandIn(String name, Map<Role, String> boxes) {
        this.name = name;
        this.boxes = Map.copyOf(boxes);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void setUp() {
        // nothing to create, as for loopback
    }

    @Override
    public String addressOf(Role role) {
        return loopback.addressOf(role);
    }

    @Override
    public List<String> wrap(Role role, List<String> command) {
        return loopback.wrap(role, command);
    }

    @Override
    public NetworkProbe networkProbe(Role role) {
        return loopback.networkProbe(role);
    }

    @Override
    public String boxOf(Role role) {
        return boxes.get(role);
    }

    @Override
    public void close() {
        // nothing to remove
    }
}
