package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One generator box of a hosts file that names several: the run's {@link SshTopology} with the
 * generator's commands sent to this box. Set-up and clean-up stay with the whole topology, so this
 * view does neither.
 */
final class GeneratorBoxTopology implements Topology {

    private final SshTopology whole;
    private final HostsFile.Place box;

    GeneratorBoxTopology(SshTopology whole, HostsFile.Place box) {
        this.whole = whole;
        this.box = box;
    }

    @Override
    public String name() {
        return whole.name();
    }

    @Override
    public void setUp() {
        // the whole topology's
    }

    @Override
    public String addressOf(Role role) {
        return role == Role.GENERATOR ? box.address() : whole.addressOf(role);
    }

    @Override
    public List<String> wrap(Role role, List<String> command) {
        return role == Role.GENERATOR ? whole.wrapOn(box, command, Map.of()) : whole.wrap(role, command);
    }

    @Override
    public List<String> wrap(Role role, List<String> command, Map<String, String> env) {
        return role == Role.GENERATOR ? whole.wrapOn(box, command, env) : whole.wrap(role, command, env);
    }

    @Override
    public void put(Role role, Path file) throws IOException {
        if (role == Role.GENERATOR) {
            whole.putOn(box, file);
        } else {
            whole.put(role, file);
        }
    }

    @Override
    public boolean fetch(Role role, Path file) {
        return role == Role.GENERATOR ? whole.fetchFrom(box, file) : whole.fetch(role, file);
    }

    @Override
    public String boxOf(Role role) {
        return role != Role.GENERATOR ? whole.boxOf(role) : box.local() ? null : box.target();
    }

    @Override
    public NetworkProbe networkProbe(Role role) {
        return whole.networkProbe(role);
    }

    @Override
    public InetSocketAddress controlEndpoint(Role role, String host, int port) throws IOException {
        return whole.controlEndpoint(role, host, port);
    }

    @Override
    public void close() {
        // the whole topology's
    }
}
