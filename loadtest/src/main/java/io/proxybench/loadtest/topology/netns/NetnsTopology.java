package io.proxybench.loadtest.topology.netns;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.proc.SysctlFile;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.ShortRunId;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each role in a network namespace of its own, joined by veth links: generator - proxy - origin.
 * Traffic between roles crosses a real (virtual) link with its own queue, so it can be shaped to a
 * NIC's rate and delay, and each side's counters are separate.
 *
 * <p>Nothing leaves the machine: no link reaches the root namespace, the only routes are the two
 * point-to-point /30 subnets below, there is no default route, and forwarding is off, so the proxy
 * namespace does not route between its two links. The addresses exist only inside the namespaces,
 * which have their own routing tables, so they cannot clash with the machine's. Whether the machine
 * can host it at all: {@link NetnsSupport}.
 *
 * <pre>
 *  pb-ID-gen                 pb-ID-proxy                          pb-ID-origin
 *  pb-proxy 10.213.0.1/30 == pb-gen 10.213.0.2/30
 *                            pb-origin 10.213.0.5/30 ====== pb-proxy 10.213.0.6/30
 * </pre>
 *
 * <p>Use: register {@link #cleanupHook()}, then {@link #setUp()}, optionally
 * {@link #applySysctls(Path)}; start processes with {@link #wrap}; stop them; {@link #close()}.
 */
public final class NetnsTopology implements Topology {

    private static final Logger log = LoggerFactory.getLogger(NetnsTopology.class);
    /** The generator-proxy link: generator .1, proxy .2. */
    public static final String CLIENT_LINK_SUBNET = "10.213.0.0/30";
    /** The proxy-origin link: proxy .5, origin .6. */
    public static final String ORIGIN_LINK_SUBNET = "10.213.0.4/30";

    static final String GENERATOR_ADDRESS = "10.213.0.1";
    static final String PROXY_CLIENT_SIDE_ADDRESS = "10.213.0.2";
    static final String PROXY_ORIGIN_SIDE_ADDRESS = "10.213.0.5";
    static final String ORIGIN_ADDRESS = "10.213.0.6";
    private static final int PREFIX = 30;
    // Interfaces are named after the far end, and live only inside the namespaces.
    static final String GENERATOR_IF = "pb-proxy";
    static final String PROXY_CLIENT_IF = "pb-gen";
    static final String PROXY_ORIGIN_IF = "pb-origin";
    static final String ORIGIN_IF = "pb-proxy";

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private final LinkShaping shaping;
    private final String runId;
    private final NetnsCommands commands;
    private final Supplier<Optional<String>> prerequisites;
    private final Map<Role, String> namespaces = new EnumMap<>(Role.class);
    private final List<String> created = new ArrayList<>();
    private final Map<String, String> installedQdiscs = new LinkedHashMap<>();
    private final Map<Role, List<SysctlOutcome>> sysctls = new EnumMap<>(Role.class);
    private final Map<String, NamespaceBridge> bridges = new LinkedHashMap<>();
    private boolean isUp;
    private boolean closed;

    /** Namespaces {@code pb-<6 hex>-gen|proxy|origin}; {@code shaping} may be {@link LinkShaping#none()}. */
    public NetnsTopology(LinkShaping shaping) {
        this(
                shaping,
                ShortRunId.next(),
                CommandRunner.processes(COMMAND_TIMEOUT),
                tool("ip"),
                tool("tc"),
                () -> NetnsSupport.unavailableReason(shaping));
    }

    NetnsTopology(
            LinkShaping shaping,
            String runId,
            CommandRunner runner,
            String ipTool,
            String tcTool,
            Supplier<Optional<String>> prerequisites) {
        if (!runId.matches("[0-9a-f]{6}")) {
            throw new IllegalArgumentException("run id must be 6 lowercase hex digits, got '" + runId + "'");
        }
        this.shaping = shaping;
        this.runId = runId;
        this.commands = new NetnsCommands(runner, ipTool, tcTool);
        this.prerequisites = prerequisites;
        namespaces.put(Role.GENERATOR, "pb-" + runId + "-gen");
        namespaces.put(Role.PROXY, "pb-" + runId + "-proxy");
        namespaces.put(Role.ORIGIN, "pb-" + runId + "-origin");
    }

    @Override
    public String name() {
        return "netns";
    }

    /** The six hex digits in this run's namespace names. */
    public String runId() {
        return runId;
    }

    /** The namespace {@code role} runs in, e.g. {@code pb-3fa9c1-proxy}; known before set-up. */
    public String namespaceOf(Role role) {
        return namespaces.get(role);
    }

    /**
     * Creates the namespaces, links, addresses and shaping. On failure everything made so far is
     * removed before the exception (one-line message) is thrown, and the topology is closed.
     */
    @Override
    public synchronized void setUp() throws TopologyException {
        if (closed) {
            throw new IllegalStateException("netns topology " + runId + " is closed; make a new one");
        }
        if (isUp) {
            return;
        }
        Optional<String> problem = prerequisites.get();
        if (problem.isPresent()) {
            throw new TopologyException(problem.get());
        }
        try {
            for (Role role : Role.values()) {
                commands.addNamespace(ns(role));
                created.add(ns(role));
            }
            link(Role.GENERATOR, GENERATOR_IF, Role.PROXY, PROXY_CLIENT_IF);
            link(Role.PROXY, PROXY_ORIGIN_IF, Role.ORIGIN, ORIGIN_IF);
            address(Role.GENERATOR, GENERATOR_IF, GENERATOR_ADDRESS);
            address(Role.PROXY, PROXY_CLIENT_IF, PROXY_CLIENT_SIDE_ADDRESS);
            address(Role.PROXY, PROXY_ORIGIN_IF, PROXY_ORIGIN_SIDE_ADDRESS);
            address(Role.ORIGIN, ORIGIN_IF, ORIGIN_ADDRESS);
            for (Role role : Role.values()) {
                commands.loopbackUp(ns(role));
                // A new namespace copies the machine's IPv4 forwarding switch (on wherever
                // containers run); the proxy's namespace must never route between its links.
                commands.mustRun(
                        "turn off forwarding",
                        wrap(role, List.of("sh", "-c", "echo 0 > /proc/sys/net/ipv4/ip_forward")));
            }
            linkUp(Role.GENERATOR, GENERATOR_IF);
            linkUp(Role.PROXY, PROXY_CLIENT_IF);
            linkUp(Role.PROXY, PROXY_ORIGIN_IF);
            linkUp(Role.ORIGIN, ORIGIN_IF);
            if (shaping.shapes()) {
                shape(Role.GENERATOR, GENERATOR_IF);
                shape(Role.PROXY, PROXY_CLIENT_IF);
            }
            isUp = true;
            log.info(
                    "netns topology up: {} {} {}; generator {} -> proxy {}, proxy {} -> origin {}; shaping {}",
                    ns(Role.GENERATOR),
                    ns(Role.PROXY),
                    ns(Role.ORIGIN),
                    GENERATOR_ADDRESS,
                    PROXY_CLIENT_SIDE_ADDRESS,
                    PROXY_ORIGIN_SIDE_ADDRESS,
                    ORIGIN_ADDRESS,
                    shaping.shapes() ? String.join(" ", shaping.qdiscArguments()) : "none");
        } catch (TopologyException | RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public String addressOf(Role role) {
        return switch (role) {
            case GENERATOR -> GENERATOR_ADDRESS;
            case PROXY -> PROXY_CLIENT_SIDE_ADDRESS;
            case ORIGIN -> ORIGIN_ADDRESS;
        };
    }

    /** {@code ip netns exec <namespace> command...}; the command keeps its process id. */
    @Override
    public List<String> wrap(Role role, List<String> command) {
        return commands.inNamespace(ns(role), command);
    }

    /**
     * The role's interface towards the generator side (the proxy's is its client-facing
     * {@code pb-gen}), read inside its namespace.
     */
    @Override
    public NetworkProbe networkProbe(Role role) {
        String iface = switch (role) {
            case GENERATOR -> GENERATOR_IF;
            case PROXY -> PROXY_CLIENT_IF;
            case ORIGIN -> ORIGIN_IF;
        };
        return new NetworkProbe(iface, wrap(role, List.of("cat", "/proc/net/dev")));
    }

    /**
     * Writes the file's settings in every namespace. Keys the kernel keeps per namespace are set
     * there; keys it keeps globally are recorded as not present or read-only (with the machine's
     * value) and left alone: tune those on the machine with {@code sysctl/apply.sh}.
     *
     * @throws IllegalArgumentException the file has a bad line (message names file and line)
     */
    public synchronized Map<Role, List<SysctlOutcome>> applySysctls(Path confFile)
            throws IOException, TopologyException {
        return sysctlPass(confFile, true);
    }

    /** Records the file's keys as they are in every namespace (for run.json), changing nothing. */
    public synchronized Map<Role, List<SysctlOutcome>> readSysctls(Path confFile)
            throws IOException, TopologyException {
        return sysctlPass(confFile, false);
    }

    /**
     * A loopback address of the kit that reaches {@code host:port} inside the role's namespace,
     * through a small relay process started in that namespace; removed by {@link #close()}.
     */
    @Override
    public synchronized InetSocketAddress controlEndpoint(Role role, String host, int port) throws IOException {
        requireUp();
        String key = role + "/" + host + ":" + port;
        NamespaceBridge bridge = bridges.get(key);
        if (bridge == null) {
            bridge = NamespaceBridge.open(wrap(role, List.of()), host, port);
            bridges.put(key, bridge);
        }
        return bridge.localAddress();
    }

    @Override
    public synchronized Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name());
        out.put("runId", runId);
        out.put("state", closed ? "removed" : isUp ? "up" : "not set up");
        Map<String, Object> names = new LinkedHashMap<>();
        Map<String, Object> addresses = new LinkedHashMap<>();
        for (Role role : Role.values()) {
            names.put(key(role), ns(role));
            addresses.put(key(role), addressOf(role));
        }
        out.put("namespaces", names);
        out.put("addresses", addresses);
        Map<String, Object> clientLink = linkDescription(
                CLIENT_LINK_SUBNET,
                end(Role.GENERATOR, GENERATOR_IF, GENERATOR_ADDRESS),
                end(Role.PROXY, PROXY_CLIENT_IF, PROXY_CLIENT_SIDE_ADDRESS));
        clientLink.put("shaping", shaping.shapes() ? shaping.describe() : "none");
        clientLink.put("qdiscs", new LinkedHashMap<>(installedQdiscs));
        Map<String, Object> originLink = linkDescription(
                ORIGIN_LINK_SUBNET,
                end(Role.PROXY, PROXY_ORIGIN_IF, PROXY_ORIGIN_SIDE_ADDRESS),
                end(Role.ORIGIN, ORIGIN_IF, ORIGIN_ADDRESS));
        originLink.put("shaping", "none");
        out.put("links", List.of(clientLink, originLink));
        Map<String, Object> settings = new LinkedHashMap<>();
        sysctls.forEach((role, outcomes) -> {
            Map<String, Object> perKey = new LinkedHashMap<>();
            outcomes.forEach(o -> perKey.put(o.key(), o.describe()));
            settings.put(key(role), perKey);
        });
        out.put("sysctls", settings);
        return out;
    }

    /**
     * Stops the relays and deletes the namespaces this instance created, which removes their veth
     * links and qdiscs. Safe after a failed or no set-up and when called twice; never throws.
     * Processes still running inside keep a namespace alive until they exit: stop them first.
     */
    @Override
    public synchronized void close() {
        closed = true;
        bridges.values().forEach(NamespaceBridge::close);
        bridges.clear();
        for (int i = created.size() - 1; i >= 0; i--) {
            String ns = created.get(i);
            try {
                CommandRunner.Result result = commands.deleteNamespace(ns);
                if (!result.ok()) {
                    log.warn(
                            "could not delete namespace {}: {}; remove it with: ip netns delete {}",
                            ns,
                            result.oneLine(),
                            ns);
                }
            } catch (IOException | RuntimeException e) {
                log.warn(
                        "could not delete namespace {}: {}; remove it with: ip netns delete {}",
                        ns,
                        e.getMessage(),
                        ns);
            }
        }
        if (!created.isEmpty()) {
            log.info("netns topology {} removed", runId);
        }
        created.clear();
        isUp = false;
    }

    private Map<Role, List<SysctlOutcome>> sysctlPass(Path confFile, boolean write)
            throws IOException, TopologyException {
        requireUp();
        Map<String, String> settings = SysctlFile.read(confFile);
        Map<Role, List<SysctlOutcome>> result = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            CommandRunner.Result run = commands.mustRun(
                    "kernel settings in " + ns(role), wrap(role, NamespaceSysctlScript.command(settings, write)));
            List<SysctlOutcome> outcomes =
                    NamespaceSysctlScript.outcomes(settings, run.output(), write, NamespaceSysctlScript::machineValue);
            if (write) {
                log.info("kernel settings in {}: {}", ns(role), NamespaceSysctlScript.summary(outcomes));
            }
            result.put(role, List.copyOf(outcomes));
        }
        sysctls.putAll(result);
        return Collections.unmodifiableMap(result);
    }

    private void link(Role a, String aIf, Role b, String bIf) throws TopologyException {
        commands.link(ns(a), aIf, ns(b), bIf);
    }

    private void address(Role role, String iface, String address) throws TopologyException {
        commands.address(ns(role), iface, address + "/" + PREFIX);
    }

    private void linkUp(Role role, String iface) throws TopologyException {
        commands.linkUp(ns(role), iface);
    }

    private void shape(Role role, String iface) throws TopologyException {
        installedQdiscs.put(key(role) + "/" + iface, commands.shape(ns(role), iface, shaping));
    }

    private void requireUp() {
        if (!isUp) {
            throw new IllegalStateException("netns topology " + runId + " is not set up");
        }
    }

    private Map<String, Object> end(Role role, String iface, String address) {
        Map<String, Object> end = new LinkedHashMap<>();
        end.put("role", key(role));
        end.put("namespace", ns(role));
        end.put("interface", iface);
        end.put("address", address + "/" + PREFIX);
        return end;
    }

    private static Map<String, Object> linkDescription(String subnet, Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> link = new LinkedHashMap<>();
        link.put("subnet", subnet);
        link.put("ends", List.of(a, b));
        return link;
    }

    private String ns(Role role) {
        return namespaces.get(role);
    }

    private static String key(Role role) {
        return role.name().toLowerCase(Locale.ROOT);
    }

    private static String tool(String name) {
        return Executables.find(name).map(Path::toString).orElse(name);
    }
}
