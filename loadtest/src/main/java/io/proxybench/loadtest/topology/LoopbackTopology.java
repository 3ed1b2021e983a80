package io.proxybench.loadtest.topology;

import io.proxybench.loadtest.proc.NetworkProbe;
import java.util.List;

/** Every role on this machine, talking over {@code lo}: the default, and what CI uses. */
public final class LoopbackTopology implements Topology {

    @Override
    public String name() {
        return "loopback";
    }

    @Override
    public void setUp() {
        // nothing to create
    }

    @Override
    public String addressOf(Role role) {
        return "127.0.0.1";
    }

    @Override
    public List<String> wrap(Role role, List<String> command) {
        return List.copyOf(command);
    }

    @Override
    public NetworkProbe networkProbe(Role role) {
        return NetworkProbe.local("lo");
    }

    @Override
    public void close() {
        // nothing to remove
    }
}
