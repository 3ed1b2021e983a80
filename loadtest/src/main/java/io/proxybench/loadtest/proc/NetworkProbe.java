package io.proxybench.loadtest.proc;

import java.util.List;

/**
 * Which network interface to watch and how to read its counters: directly, or through the command
 * a topology gives (the interface may live in another network namespace or on another host).
 */
public record NetworkProbe(String interfaceName, List<String> readProcNetDevCommand) {

    /** Read {@code /proc/net/dev} directly (same network namespace as the kit). */
    public static NetworkProbe local(String interfaceName) {
        return new NetworkProbe(interfaceName, List.of());
    }
}
