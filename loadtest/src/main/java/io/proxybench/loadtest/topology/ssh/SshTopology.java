package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.ShortRunId;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each role on the box a {@link HostsFile} names, started over ssh (key-based, never prompting).
 * The kit stays on its own machine; remote commands go through {@code ssh -o BatchMode=yes}.
 *
 * <p>A remote command runs under a small shell wrapper ({@code run-role.sh}) that records its pid
 * in the run's state on the box and stops it once its ssh session ends, so stopping the local ssh
 * client stops the remote process. {@link #close()} stops whatever of the run is still running
 * there and removes the state; {@link #setUp()} first removes the leftovers of earlier runs whose
 * kit was killed.
 */
public final class SshTopology implements Topology {

    private static final Logger LOG = LoggerFactory.getLogger(SshTopology.class);

    private final HostsFile hosts;
    private final CommandRunner runner;
    private final SshCommands ssh;
    private final RemoteRuns runs;
    private final String runId;
    private final List<SshForward> forwards = new ArrayList<>();
    private final List<HostsFile.Place> registered = new ArrayList<>();
    private final BoxNeeds needs;
    private final List<String> checkLines = new ArrayList<>();
    private final Map<String, Integer> boxCores = new ConcurrentHashMap<>();
    private final JarShipment shipment;
    /** Per box (by target): where each shipped local file is there, for the commands that name it. */
    private final Map<String, Map<Path, String>> shipped = new ConcurrentHashMap<>();

    private final List<String> shipLines = new ArrayList<>();
    /** The kit's own Java launchers in the commands: on a box they become the place's {@code java}. */
    private final Set<String> kitJavas;

    /** @param needs what the run needs on each role's box, checked by {@link #setUp()} */
    public SshTopology(HostsFile hosts, BoxNeeds needs) {
        this(
                hosts,
                CommandRunner.processes(Duration.ofSeconds(20)),
                ShortRunId.next(),
                needs,
                CommandRunner.processes(Duration.ofMinutes(10)));
    }

    SshTopology(HostsFile hosts, CommandRunner runner, String runId) {
        this(hosts, runner, runId, BoxNeeds.NONE);
    }

    SshTopology(HostsFile hosts, CommandRunner runner, String runId, BoxNeeds needs) {
        this(hosts, runner, runId, needs, runner);
    }

    /** @param copier runs the copies of the kit's files, which may take longer than other ssh calls */
    SshTopology(HostsFile hosts, CommandRunner runner, String runId, BoxNeeds needs, CommandRunner copier) {
        this.hosts = hosts;
        this.needs = needs;
        this.runner = runner;
        this.ssh = new SshCommands(hosts.sshConfig());
        this.runs = new RemoteRuns(ssh, runner, hosts.remoteDir());
        this.runId = runId;
        this.shipment = new JarShipment(
                ssh, copier, hosts.remoteDir(), Executables.find("rsync").isPresent());
        this.kitJavas = BoxJava.kitJavas(needs);
    }

    @Override
    public String name() {
        return "hosts";
    }

    /** The six hex digits naming this run's state on the boxes. */
    public String runId() {
        return runId;
    }

    /**
     * Checks every remote box answers ({@code ssh ... -- true}) and fails on the first that does not;
     * then checks each box against what the run needs there (one line per problem; a blocking one
     * refuses the run), removes leftovers of killed runs and records this run on each box.
     */
    @Override
    public synchronized void setUp() throws TopologyException {
        List<HostsFile.Place> boxes = RemoteBoxes.of(hosts);
        for (HostsFile.Place box : boxes) {
            List<String> probe = ssh.ssh(box, "true");
            CommandRunner.Result result;
            try {
                result = runner.run(probe);
            } catch (IOException e) {
                throw new TopologyException(
                        "cannot run ssh for " + RemoteBoxes.roles(hosts, box) + ": " + e.getMessage(), e);
            }
            if (!result.ok()) {
                throw new TopologyException("cannot reach " + RemoteBoxes.roles(hosts, box) + " at " + box.target()
                        + " (" + String.join(" ", probe) + "): " + result.oneLine());
            }
        }
        shipFiles(boxes);
        checkBoxes(boxes);
        for (HostsFile.Place box : boxes) {
            removeLeftovers(runs, box).forEach(line -> LOG.warn("{}", line));
            runs.register(box, runId);
            registered.add(box);
        }
    }

    /** Copies each box the jars its roles read, unless it has them already; one line per box. */
    private void shipFiles(List<HostsFile.Place> boxes) throws TopologyException {
        for (HostsFile.Place box : boxes) {
            List<Path> files = hosts.allPlaces().stream()
                    .filter(p -> !p.local() && p.target().equals(box.target()))
                    .flatMap(p -> needs.files().getOrDefault(p.role(), List.of()).stream())
                    .distinct()
                    .toList();
            JarShipment.Shipped done = shipment.ship(box, files);
            shipped.put(box.target(), done.remotePaths());
            LOG.info("{}", done.line());
            shipLines.add(done.line());
        }
    }

    /** The path of {@code file} on {@code box}: where it was shipped, else the same as here. */
    private String pathOn(HostsFile.Place box, Path file) {
        return shipped.getOrDefault(box.target(), Map.of()).getOrDefault(file, file.toString());
    }

    private void checkBoxes(List<HostsFile.Place> boxes) throws TopologyException {
        BoxChecks.Found found = BoxChecks.check(hosts, needs, ssh, runner, boxes, this::pathOn);
        boxCores.putAll(found.cores());
        found.lines().forEach(line -> LOG.warn("{}", line));
        checkLines.addAll(found.lines());
        if (!found.blocking().isEmpty()) {
            throw new TopologyException(String.join("; ", found.blocking()));
        }
    }

    /**
     * Stops what runs of this machine's kit left on every box of {@code hosts} when the kit was killed
     * ({@code kill -9}) and removes their state; one line per box that had any, saying what was done.
     */
    public static List<String> removeLeftovers(HostsFile hosts) throws TopologyException {
        RemoteRuns runs = new RemoteRuns(
                new SshCommands(hosts.sshConfig()), CommandRunner.processes(Duration.ofSeconds(30)), hosts.remoteDir());
        List<String> lines = new ArrayList<>();
        for (HostsFile.Place box : RemoteBoxes.of(hosts)) {
            lines.addAll(removeLeftovers(runs, box));
        }
        return lines;
    }

    private static List<String> removeLeftovers(RemoteRuns runs, HostsFile.Place box) throws TopologyException {
        List<String> ids =
                runs.leftovers(box).stream().map(RemoteRuns.RunState::runId).toList();
        if (ids.isEmpty()) {
            return List.of();
        }
        List<String> stopped = runs.stop(box, ids);
        long processes = stopped.stream()
                .filter(l -> l.startsWith("stopped ") || l.startsWith("killed "))
                .count();
        return List.of(box.target() + ": removed runs " + String.join(", ", ids) + " left by a killed kit (" + processes
                + " process" + (processes == 1 ? "" : "es") + " stopped)");
    }

    @Override
    public String addressOf(Role role) {
        return hosts.place(role).address();
    }

    /**
     * Local roles: the command itself. Remote: {@code ssh [-F FILE] -o BatchMode=yes [-p N] dest --
     * 'sh -c <run-role.sh> pb <run dir> <run id> <command, quoted>'}.
     */
    @Override
    public List<String> wrap(Role role, List<String> command) {
        return wrapOn(hosts.place(role), command, Map.of());
    }

    /** {@code command} (with {@code env}) for {@code place}'s role on {@code place}'s box. */
    List<String> wrapOn(HostsFile.Place place, List<String> command, Map<String, String> env) {
        if (place.local()) {
            return List.copyOf(command);
        }
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run on " + place.target());
        }
        List<String> withEnv = new ArrayList<>();
        if (!env.isEmpty()) {
            withEnv.add("env");
            new TreeMap<>(env).forEach((k, v) -> withEnv.add(k + "=" + v));
        }
        Map<Path, String> files = shipped.getOrDefault(place.target(), Map.of());
        for (String arg : BoxJava.onBox(command, kitJavas, place.java())) {
            // a shipped jar is named by its path on the box (in -jar PATH, -javaagent:PATH=..., ...)
            for (Map.Entry<Path, String> file : files.entrySet()) {
                arg = arg.replace(file.getKey().toString(), file.getValue());
            }
            withEnv.add(arg);
        }
        return runOnBox(place, place.role().name().toLowerCase(Locale.ROOT), withEnv);
    }

    /** One view per generator box when the hosts file names several. */
    @Override
    public Map<String, Topology> generatorBoxes() {
        if (hosts.generators().size() < 2) {
            return Map.of();
        }
        Map<String, Topology> out = new LinkedHashMap<>();
        hosts.generators().forEach(box -> out.put(box.target(), new GeneratorBoxTopology(this, box)));
        return out;
    }

    @Override
    public boolean fetch(Role role, Path file) {
        return fetchFrom(hosts.place(role), file);
    }

    @Override
    public void put(Role role, Path file) throws IOException {
        putOn(hosts.place(role), file);
    }

    /** {@code file} to the same path on {@code box}, unless the box is this machine. */
    void putOn(HostsFile.Place box, Path file) throws IOException {
        if (box.local()) {
            return;
        }
        try {
            shipment.put(box, file);
        } catch (TopologyException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** {@code file} from {@code box} to the same path here, unless it is here already. */
    boolean fetchFrom(HostsFile.Place box, Path file) {
        if (Files.isRegularFile(file)) {
            return true;
        }
        if (box.local()) {
            return false;
        }
        try {
            return shipment.fetch(box, file);
        } catch (TopologyException e) {
            LOG.warn("{}", e.getMessage());
            return false;
        }
    }

    @Override
    public String boxOf(Role role) {
        HostsFile.Place place = hosts.place(role);
        return place.local() ? null : place.target();
    }

    @Override
    public Map<String, Integer> boxCores() {
        return Map.copyOf(boxCores);
    }

    private List<String> runOnBox(HostsFile.Place box, String role, List<String> command) {
        List<String> args = new ArrayList<>(List.of(runs.runDir(runId), runId, role));
        args.addAll(command);
        return ssh.ssh(box, RemoteScripts.invocation(RemoteScripts.RUN_ROLE, args));
    }

    /**
     * Per remote box (by its target), the command of one persistent ssh session that prints a line of
     * the box's /proc figures a second ({@code sample-box.sh}); the network figures are of the
     * interface of the box's proxy, else of its first role.
     */
    @Override
    public Map<String, List<String>> hostSamplers() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (HostsFile.Place box : RemoteBoxes.of(hosts)) {
            String iface = hosts.allPlaces().stream()
                    .filter(p -> !p.local() && p.target().equals(box.target()))
                    .sorted((a, b) -> Boolean.compare(b.role() == Role.PROXY, a.role() == Role.PROXY))
                    .map(HostsFile.Place::networkInterface)
                    .findFirst()
                    .orElse(box.networkInterface());
            out.put(
                    box.target(),
                    runOnBox(
                            box,
                            "sampler",
                            List.of("sh", "-c", RemoteScripts.SAMPLE_BOX, "pb", runs.runDir(runId), iface)));
        }
        return out;
    }

    /** A remote command gets {@code env} through {@code env K=V ... command}: ssh passes no environment. */
    @Override
    public List<String> wrap(Role role, List<String> command, Map<String, String> env) {
        return wrapOn(hosts.place(role), command, env);
    }

    /**
     * A remote role's port on a reachable address is used directly. One bound to the box's own
     * loopback (a front end's admin port) is reached through an ssh forward, unless the box is this
     * machine's loopback itself.
     */
    @Override
    public InetSocketAddress controlEndpoint(Role role, String host, int port) throws IOException {
        HostsFile.Place place = hosts.place(role);
        if (place.local() || !isLoopback(host) || isLoopback(place.host())) {
            return new InetSocketAddress(host, port);
        }
        SshForward forward = SshForward.open(ssh, place, host, port);
        synchronized (this) {
            forwards.add(forward);
        }
        return forward.localAddress();
    }

    @Override
    public NetworkProbe networkProbe(Role role) {
        HostsFile.Place place = hosts.place(role);
        return place.local()
                ? NetworkProbe.local(place.networkInterface())
                : new NetworkProbe(place.networkInterface(), ssh.ssh(place, "cat /proc/net/dev"));
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name());
        out.put("hostsFile", hosts.source().toString());
        out.put("runId", runId);
        if (hosts.sshConfig() != null) {
            out.put("sshConfig", hosts.sshConfig().toString());
        }
        out.put("remoteDir", hosts.remoteDir());
        out.put("places", hosts.describe());
        out.put("shipping", List.copyOf(shipLines));
        out.put("checks", List.copyOf(checkLines));
        return out;
    }

    /** Stops the forwards, then every process of this run on each box, and removes the run's state there. */
    @Override
    public synchronized void close() {
        forwards.forEach(SshForward::close);
        forwards.clear();
        for (HostsFile.Place box : registered) {
            try {
                runs.stop(box, List.of(runId)).forEach(line -> LOG.info("{}: {}", box.target(), line));
            } catch (TopologyException e) {
                LOG.warn("{} (remove later with: proxybench cleanup --hosts {})", e.getMessage(), hosts.source());
            }
        }
        registered.clear();
    }

    static String shellCommand(List<String> command) {
        return SshCommands.shellCommand(command);
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }
}
