package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where each role runs in a multi-host run: one box per role, reached over ssh, as in the
 * reference's dedicated set-up. Format (properties-like, {@code #} comments, every role required):
 *
 * <pre>
 * generator = local             # or several boxes: ssh:gen-1, ssh:gen-2 (a step is split across them)
 * proxy     = ssh:bench@proxy-1
 * origin    = ssh:bench@10.0.0.13:2222
 * proxy.address   = 10.0.0.12     # what other roles connect to (default: the ssh host)
 * proxy.interface = eno1          # NIC for the Mbps column (default: eth0; lo for a local role)
 * ssh.config      = bench-ssh.conf  # passed to every ssh and rsync as -F (relative to this file)
 * remote.dir      = .cache/proxybench  # the kit's files on each box (relative to the login's home)
 * java            = /usr/lib/jvm/java-21/bin/java  # Java on every box (default: java on the login's PATH)
 * origin.java     = /opt/jdk-17/bin/java           # Java on one role's box
 * </pre>
 */
public final class HostsFile {

    /**
     * Where one role runs. {@code host} and {@code user} are null for a local role; {@code port} 0 is
     * ssh's default.
     */
    public record Place(
            Role role,
            boolean local,
            String user,
            String host,
            int port,
            String address,
            String networkInterface,
            String java) {

        /** A place whose Java is the {@code java} on its login's PATH. */
        public Place(
                Role role, boolean local, String user, String host, int port, String address, String networkInterface) {
            this(role, local, user, host, port, address, networkInterface, DEFAULT_JAVA);
        }

        /** {@code user@host} or {@code host}, as ssh takes it. */
        public String sshDestination() {
            if (local) {
                throw new IllegalStateException(role + " runs locally");
            }
            return user == null ? host : user + "@" + host;
        }

        /** The target as written in the file: {@code local} or {@code ssh:[user@]host[:port]}. */
        public String target() {
            if (local) {
                return "local";
            }
            String h = host.contains(":") ? "[" + host + "]" : host;
            return "ssh:" + (user == null ? "" : user + "@") + h + (port == 0 ? "" : ":" + port);
        }
    }

    private static final Pattern SSH = Pattern.compile("ssh:(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?"
            + "(?:\\[([0-9A-Fa-f:.]+)]|([A-Za-z0-9][A-Za-z0-9.-]*))"
            + "(?::(\\d{1,5}))?");
    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,14}");
    private static final String ROLES = Arrays.stream(Role.values())
            .map(r -> r.name().toLowerCase(Locale.ROOT))
            .collect(Collectors.joining(", "));

    /** Where the kit keeps its files on a box when the file does not say: under the login's home. */
    public static final String DEFAULT_REMOTE_DIR = ".cache/proxybench";

    private static final Pattern REMOTE_DIR = Pattern.compile("[A-Za-z0-9_./-]+");
    private static final List<String> GLOBAL_KEYS = List.of("ssh.config", "remote.dir", "java");
    /** The Java a remote role starts when the file names none: the one on the login's PATH. */
    public static final String DEFAULT_JAVA = "java";

    private static final Pattern JAVA = Pattern.compile("/?[A-Za-z0-9_.+-]+(/[A-Za-z0-9_.+-]+)*");

    private final Path source;
    private final Map<Role, Place> places;
    private final List<Place> generators;
    private final Path sshConfig;
    private final String remoteDir;

    private HostsFile(Path source, Map<Role, Place> places, List<Place> generators, Path sshConfig, String remoteDir) {
        this.source = source;
        this.places = Collections.unmodifiableMap(places);
        this.generators = List.copyOf(generators);
        this.sshConfig = sshConfig;
        this.remoteDir = remoteDir;
    }

    /** @throws IllegalArgumentException one line, naming the file, the line and what is wrong */
    public static HostsFile read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file);
    }

    static HostsFile parse(List<String> lines, Path source) {
        Map<String, String> values = new HashMap<>();
        Map<String, Integer> lineOf = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = stripComment(lines.get(i));
            if (line.isEmpty()) {
                continue;
            }
            String where = source + ":" + (i + 1) + ": ";
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(
                        where + "expected 'role = target' or 'role.address|interface = value', got: " + line);
            }
            String key = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(eq + 1).strip();
            checkKey(key, where);
            if (value.isEmpty()) {
                throw new IllegalArgumentException(where + "no value for " + key);
            }
            if (lineOf.containsKey(key)) {
                throw new IllegalArgumentException(
                        where + key + " given twice (first on line " + lineOf.get(key) + ")");
            }
            values.put(key, value);
            lineOf.put(key, i + 1);
        }
        Map<Role, Place> places = new EnumMap<>(Role.class);
        List<Place> generators = new ArrayList<>();
        for (Role role : Role.values()) {
            String name = role.name().toLowerCase(Locale.ROOT);
            String target = values.get(name);
            if (target == null) {
                throw new IllegalArgumentException(source + ": no entry for role " + name + " (every role needs one: "
                        + ROLES + "; 'local' runs it on this machine)");
            }
            if (role == Role.GENERATOR) {
                generators.addAll(generatorPlaces(target, values, lineOf, source));
                places.put(role, generators.get(0));
            } else {
                places.put(role, place(role, target, values, lineOf, source));
            }
        }
        checkLocalAddresses(places, generators, lineOf, source);
        return new HostsFile(
                source, places, generators, sshConfig(values, lineOf, source), remoteDir(values, lineOf, source));
    }

    /** {@code generator = a, b, ...}: one place per box, each named once. */
    private static List<Place> generatorPlaces(
            String value, Map<String, String> values, Map<String, Integer> lineOf, Path source) {
        List<Place> out = new ArrayList<>();
        for (String target : value.split(",", -1)) {
            String t = target.strip();
            if (t.isEmpty()) {
                throw new IllegalArgumentException(
                        source + ":" + lineOf.get("generator") + ": empty entry in the generator list '" + value
                                + "' (expected a, b, ... of local or ssh:...)");
            }
            Place place = place(Role.GENERATOR, t, values, lineOf, source);
            if (out.stream().anyMatch(p -> p.target().equals(place.target()))) {
                throw new IllegalArgumentException(
                        source + ":" + lineOf.get("generator") + ": generator box " + place.target() + " named twice");
            }
            out.add(place);
        }
        return out;
    }

    /**
     * {@code ssh.config}, relative to the hosts file's directory; it must exist (ssh would fail later,
     * less clearly).
     */
    private static Path sshConfig(Map<String, String> values, Map<String, Integer> lineOf, Path source) {
        String value = values.get("ssh.config");
        if (value == null) {
            return null;
        }
        Path dir = source.toAbsolutePath().getParent();
        Path config = dir == null
                ? Path.of(value).toAbsolutePath()
                : dir.resolve(value).normalize();
        if (!Files.isRegularFile(config)) {
            throw new IllegalArgumentException(
                    source + ":" + lineOf.get("ssh.config") + ": ssh.config: no file " + config);
        }
        return config;
    }

    private static String remoteDir(Map<String, String> values, Map<String, Integer> lineOf, Path source) {
        String value = values.getOrDefault("remote.dir", DEFAULT_REMOTE_DIR);
        if (!REMOTE_DIR.matcher(value).matches() || value.contains("..")) {
            throw new IllegalArgumentException(source + ":" + lineOf.get("remote.dir") + ": bad remote.dir '" + value
                    + "' (a path of letters, digits and ._-/, absolute or under the login's home)");
        }
        return value;
    }

    public Path source() {
        return source;
    }

    public Place place(Role role) {
        return places.get(role);
    }

    public Map<Role, Place> places() {
        return places;
    }

    /** The generator's boxes, in the file's order; the first is {@code place(GENERATOR)}. */
    public List<Place> generators() {
        return generators;
    }

    /** Every place of every role: the proxy, the origin and each generator box. */
    public List<Place> allPlaces() {
        List<Place> all = new ArrayList<>(places.values());
        all.addAll(generators.subList(1, generators.size()));
        return all;
    }

    /** The ssh client configuration every ssh and rsync call gets as {@code -F}, or null for ssh's own. */
    public Path sshConfig() {
        return sshConfig;
    }

    /** The kit's directory on each box: absolute, or relative to the login's home. */
    public String remoteDir() {
        return remoteDir;
    }

    private static Place place(
            Role role, String target, Map<String, String> values, Map<String, Integer> lineOf, Path source) {
        String name = role.name().toLowerCase(Locale.ROOT);
        String where = source + ":" + lineOf.get(name) + ": ";
        boolean local = target.equals("local");
        String user = null;
        String host = null;
        int port = 0;
        if (!local) {
            Matcher m = SSH.matcher(target);
            if (!m.matches()) {
                throw new IllegalArgumentException(where + "bad target for " + name + ": '" + target
                        + "' (expected local or ssh:[user@]host[:port], e.g. ssh:bench@proxy-1)");
            }
            user = m.group(1);
            host = m.group(2) != null ? m.group(2) : m.group(3);
            if (m.group(4) != null) {
                port = Integer.parseInt(m.group(4));
                if (port < 1 || port > 65535) {
                    throw new IllegalArgumentException(where + "bad ssh port " + port + " for " + name + " (1-65535)");
                }
            }
        }
        String address = values.getOrDefault(name + ".address", local ? "127.0.0.1" : host);
        if (values.containsKey(name + ".address") && !ADDRESS.matcher(address).matches()) {
            throw new IllegalArgumentException(source + ":" + lineOf.get(name + ".address") + ": bad address for "
                    + name + ": '" + address + "' (a host name or IP address)");
        }
        String iface = values.getOrDefault(name + ".interface", local ? "lo" : "eth0");
        if (!INTERFACE.matcher(iface).matches()) {
            throw new IllegalArgumentException(source + ":" + lineOf.get(name + ".interface") + ": bad interface for "
                    + name + ": '" + iface + "' (a network interface name, at most 15 characters)");
        }
        return new Place(role, local, user, host, port, address, iface, java(name, values, lineOf, source));
    }

    private static void checkKey(String key, String where) {
        if (GLOBAL_KEYS.contains(key)) {
            return;
        }
        String role = key.contains(".") ? key.substring(0, key.indexOf('.')) : key;
        String attribute = key.contains(".") ? key.substring(key.indexOf('.') + 1) : "";
        boolean knownRole = Arrays.stream(Role.values()).anyMatch(r -> r.name().equalsIgnoreCase(role));
        if (!knownRole) {
            throw new IllegalArgumentException(where + "unknown role '" + role + "' (expected " + ROLES + ", or "
                    + String.join(", ", GLOBAL_KEYS) + ")");
        }
        if (!attribute.isEmpty()
                && !attribute.equals("address")
                && !attribute.equals("interface")
                && !attribute.equals("java")) {
            throw new IllegalArgumentException(where + "unknown setting '" + key + "' (expected " + role + ", " + role
                    + ".address, " + role + ".interface or " + role + ".java)");
        }
    }

    /** A local server role's loopback address would be useless to the roles on other boxes. */
    private static void checkLocalAddresses(
            Map<Role, Place> places, List<Place> generators, Map<String, Integer> lineOf, Path source) {
        boolean anyRemote = places.values().stream().anyMatch(p -> !p.local())
                || generators.stream().anyMatch(p -> !p.local());
        if (!anyRemote) {
            return;
        }
        for (Role role : List.of(Role.PROXY, Role.ORIGIN)) {
            Place place = places.get(role);
            String name = role.name().toLowerCase(Locale.ROOT);
            if (place.local() && !lineOf.containsKey(name + ".address")) {
                throw new IllegalArgumentException(source + ":" + lineOf.get(name) + ": " + name + " runs locally but"
                        + " other roles run elsewhere: give " + name + ".address, the address they can reach it at");
            }
        }
    }

    /** {@code <role>.java}, else {@code java}, else the PATH's: an absolute path or a command name. */
    private static String java(String role, Map<String, String> values, Map<String, Integer> lineOf, Path source) {
        String key = values.containsKey(role + ".java") ? role + ".java" : "java";
        String value = values.getOrDefault(key, DEFAULT_JAVA);
        if (!JAVA.matcher(value).matches() || (value.contains("/") && !value.startsWith("/"))) {
            throw new IllegalArgumentException(source + ":" + lineOf.get(key) + ": bad " + key + " '" + value
                    + "' (an absolute path such as /usr/lib/jvm/java-17/bin/java, or a command on the login's PATH)");
        }
        return value;
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).strip();
    }

    /** For {@code describe()}: role → target, address, interface. */
    Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        places.forEach((role, p) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put(
                    "target",
                    role == Role.GENERATOR
                            ? generators.stream().map(Place::target).collect(Collectors.joining(", "))
                            : p.target());
            entry.put("address", p.address());
            entry.put("interface", p.networkInterface());
            if (!p.local()) {
                entry.put("java", p.java());
            }
            out.put(role.name().toLowerCase(Locale.ROOT), entry);
        });
        return out;
    }
}
