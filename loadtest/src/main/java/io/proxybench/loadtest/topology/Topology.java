package io.proxybench.loadtest.topology;

import io.proxybench.loadtest.proc.NetworkProbe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each role's processes run and how the roles reach each other.
 *
 * <p>The orchestrator never builds a process command line for a place itself: it asks the topology
 * to wrap the command (plain process, inside a network namespace, or on another host), and it asks
 * for the address a role listens on. Loopback is the default; everything else must stay inside
 * namespaces the kit created.
 */
public interface Topology extends AutoCloseable {

    /** Short name recorded in run.json, e.g. {@code loopback} or {@code netns}. */
    String name();

    /** Prepares the places (namespaces, links, sysctls). Idempotent; undone by {@link #close()}. */
    void setUp() throws Exception;

    /** The address other roles use to reach a server of {@code role}, e.g. {@code 127.0.0.1}. */
    String addressOf(Role role);

    /** The command that runs {@code command} in {@code role}'s place. */
    List<String> wrap(Role role, List<String> command);

    /**
     * Like {@link #wrap(Role, List)} for a command that needs {@code env} in its environment. Places on
     * this machine inherit the environment the kit gives the process; another host's do not, so
     * there the topology carries it in the command.
     */
    default List<String> wrap(Role role, List<String> command, Map<String, String> env) {
        return wrap(role, command);
    }

    /**
     * The network interface whose counters show the traffic of {@code role} (for the Mbps column),
     * and the command prefix needed to read them ({@code /proc/net/dev} of that place).
     */
    NetworkProbe networkProbe(Role role);

    /**
     * Places whose machine is not the kit's, by name, each with the command of a session that prints
     * one line of its figures a second ({@code t=<epoch ms> cpu=... ctxt=... run=... load1=... memfree=...
     * rx=... tx=... <role>=<pid>,<cpu ticks>,<rss kB>,<threads>}). Empty where every role runs on this
     * machine: its figures are sampled directly.
     */
    default Map<String, List<String>> hostSamplers() {
        return Map.of();
    }

    /** Removes whatever {@link #setUp()} created; must be safe to call after a failed set-up. */
    @Override
    void close();

    /**
     * What was set up, for run.json: at least {@code name}; places, addresses, link shaping and
     * kernel settings where the topology has them. Values are strings, numbers, lists and maps.
     */
    default Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name());
        return out;
    }

    /**
     * An address the kit itself can connect to, from its own place, that reaches {@code host:port}
     * as seen from inside {@code role}'s place: how the kit reads a front end's admin port
     * ({@code 127.0.0.1:<admin>} inside the proxy's namespace, say). Loopback needs nothing.
     */
    default InetSocketAddress controlEndpoint(Role role, String host, int port) throws IOException {
        return new InetSocketAddress(host, port);
    }

    /**
     * A thread that calls {@link #close()}, for {@link Runtime#addShutdownHook(Thread)}: register
     * it before {@link #setUp()} so that an interrupted run still removes what was created.
     */
    default Thread cleanupHook() {
        Thread hook = new Thread(this::close, "topology-cleanup-" + name());
        hook.setDaemon(false);
        return hook;
    }

    /**
     * The generator's boxes by name, each a view of this topology whose generator commands run on
     * that box, when a step is split across several; empty where the generator has one place.
     */
    default Map<String, Topology> generatorBoxes() {
        return Map.of();
    }

    /** Cores of each other box by name, as found when it was checked; empty where none was. */
    default Map<String, Integer> boxCores() {
        return Map.of();
    }

    /**
     * The name of the box {@code role} runs on (its {@code host} in samples.csv) when that is not this
     * machine; null where it is.
     */
    default String boxOf(Role role) {
        return null;
    }

    /**
     * Brings {@code file}, written on {@code role}'s box at that same path, to this machine, when it
     * is not here already (a generator on another box leaves its logs there). False when it could
     * not be had; a place on this machine has nothing to fetch.
     */
    default boolean fetch(Role role, Path file) {
        return Files.isRegularFile(file);
    }

    /**
     * Places {@code file}, written here, at the same path on {@code role}'s box when that is another
     * machine (a front end's rendered config, which its command there reads); a place on this machine
     * needs nothing.
     */
    default void put(Role role, Path file) throws IOException {}
}
