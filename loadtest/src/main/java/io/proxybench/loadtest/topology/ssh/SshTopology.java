package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Each role on the box a {@link HostsFile} names, started over ssh (key-based, never prompting).
 * The kit stays on its own machine; remote commands go through {@code ssh -o BatchMode=yes}.
 *
 * <p>Processes started through ssh without a terminal are not stopped by ending the ssh client:
 * the orchestrator stops them itself (for example with a remote {@code kill}) before {@link #close()}.
 */
public final class SshTopology implements Topology {

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private final HostsFile hosts;
    private final CommandRunner runner;

    public SshTopology(HostsFile hosts) {
        this(hosts, CommandRunner.processes(Duration.ofSeconds(20)));
    }

    SshTopology(HostsFile hosts, CommandRunner runner) {
        this.hosts = hosts;
        this.runner = runner;
    }

    @Override
    public String name() {
        return "hosts";
    }

    /** Checks every remote box answers ({@code ssh ... -- true}); fails on the first that does not. */
    @Override
    public void setUp() throws TopologyException {
        for (HostsFile.Place place : hosts.places().values()) {
            if (place.local()) {
                continue;
            }
            List<String> probe = wrap(place.role(), List.of("true"));
            CommandRunner.Result result;
            try {
                result = runner.run(probe);
            } catch (IOException e) {
                throw new TopologyException("cannot run ssh for " + role(place) + ": " + e.getMessage(), e);
            }
            if (!result.ok()) {
                throw new TopologyException("cannot reach " + role(place) + " at " + place.target()
                        + " (" + String.join(" ", probe) + "): " + result.oneLine());
            }
        }
    }

    @Override
    public String addressOf(Role role) {
        return hosts.place(role).address();
    }

    /** Local roles: the command itself. Remote: {@code ssh -o BatchMode=yes [-p N] dest -- 'quoted command'}. */
    @Override
    public List<String> wrap(Role role, List<String> command) {
        HostsFile.Place place = hosts.place(role);
        if (place.local()) {
            return List.copyOf(command);
        }
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run on " + place.target());
        }
        List<String> wrapped = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes"));
        if (place.port() != 0) {
            wrapped.addAll(List.of("-p", Integer.toString(place.port())));
        }
        wrapped.add(place.sshDestination());
        wrapped.add("--");
        wrapped.add(shellCommand(command));
        return Collections.unmodifiableList(wrapped);
    }

    /**
     * A remote role's port is reached directly, so it must listen on an address the kit's machine
     * can reach (e.g. {@code --set admin.bind=0.0.0.0}); a loopback address there is refused.
     */
    @Override
    public InetSocketAddress controlEndpoint(Role role, String host, int port) throws IOException {
        HostsFile.Place place = hosts.place(role);
        if (!place.local() && isLoopback(host)) {
            throw new IOException(role(place) + " runs on " + place.target() + ": its " + host + ":" + port
                    + " cannot be reached from here; bind it to " + place.address() + " or 0.0.0.0");
        }
        return new InetSocketAddress(host, port);
    }

    @Override
    public NetworkProbe networkProbe(Role role) {
        HostsFile.Place place = hosts.place(role);
        return place.local()
                ? NetworkProbe.local(place.networkInterface())
                : new NetworkProbe(place.networkInterface(), wrap(role, List.of("cat", "/proc/net/dev")));
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name());
        out.put("hostsFile", hosts.source().toString());
        out.put("places", hosts.describe());
        return out;
    }

    @Override
    public void close() {
        // nothing was created; remote processes are stopped by whoever started them
    }

    /**
     * The remote shell parses the command again, so every argument is quoted for it: safe
     * words as they are, anything else in single quotes.
     */
    static String shellCommand(List<String> command) {
        List<String> quoted = new ArrayList<>();
        for (String arg : command) {
            quoted.add(SHELL_SAFE.matcher(arg).matches() ? arg : "'" + arg.replace("'", "'\\''") + "'");
        }
        return String.join(" ", quoted);
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }

    private static String role(HostsFile.Place place) {
        return place.role().name().toLowerCase(Locale.ROOT);
    }
}
