package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.ShortRunId;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "Boxes" for a multi-host test on one machine: one network namespace per box, each joined by a
 * veth pair to a bridge in the machine's own namespace, which holds 10.214.0.1/24 so the kit reaches
 * them. Addresses 10.214.0.2 and up; no default route anywhere in the boxes and no address outside
 * 10.214.0.0/24, so nothing can leave the machine. {@link #close()} deletes the namespaces (and so
 * their veth ends) and the bridge.
 */
final class NamespaceBoxes implements AutoCloseable {

    static final String KIT_ADDRESS = "10.214.0.1";
    private static final CommandRunner RUN = CommandRunner.processes(Duration.ofSeconds(20));

    private final String id = ShortRunId.next();
    private final String bridge = "pbb-" + id;
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final List<String> namespaces = new ArrayList<>();

    /** Makes one box per name, in order: 10.214.0.2, .3, ... */
    static NamespaceBoxes create(List<String> names) throws IOException {
        NamespaceBoxes boxes = new NamespaceBoxes();
        try {
            boxes.ip("link", "add", boxes.bridge, "type", "bridge");
            boxes.ip("addr", "add", KIT_ADDRESS + "/24", "dev", boxes.bridge);
            boxes.ip("link", "set", boxes.bridge, "up");
            int host = 2;
            for (String name : names) {
                boxes.add(name, "10.214.0." + host++);
            }
            return boxes;
        } catch (IOException | RuntimeException e) {
            boxes.close();
            throw e;
        }
    }

    private void add(String name, String address) throws IOException {
        String ns = namespace(name);
        ip("netns", "add", ns);
        namespaces.add(ns);
        String outer = "pbv" + id + namespaces.size();
        ip("link", "add", outer, "type", "veth", "peer", "name", "eth0", "netns", ns);
        ip("link", "set", outer, "master", bridge);
        ip("link", "set", outer, "up");
        ip("-n", ns, "addr", "add", address + "/24", "dev", "eth0");
        ip("-n", ns, "link", "set", "eth0", "up");
        ip("-n", ns, "link", "set", "lo", "up");
        addresses.put(name, address);
    }

    String address(String name) {
        return addresses.get(name);
    }

    /** The command prefix that runs a process on the box. */
    List<String> prefix(String name) {
        return List.of("ip", "netns", "exec", namespace(name));
    }

    /** The box's network namespace. */
    String namespace(String name) {
        return "pb-" + id + "-" + name;
    }

    private void ip(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        CommandRunner.Result result = RUN.run(command);
        if (!result.ok()) {
            throw new IOException(String.join(" ", command) + ": " + result.oneLine());
        }
    }

    @Override
    public void close() {
        for (String ns : namespaces) {
            try {
                RUN.run(List.of("ip", "netns", "delete", ns));
            } catch (IOException e) {
                // keep removing the rest
            }
        }
        try {
            RUN.run(List.of("ip", "link", "delete", bridge));
        } catch (IOException e) {
            // nothing more to do
        }
    }
}
