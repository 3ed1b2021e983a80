package io.proxybench.core.conformance;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A loopback port nothing listens on, for an origin that is down: a connect there is refused.
 *
 * <p>It is taken below the kernel's ephemeral range. A port from that range (what binding port 0
 * hands out) can come back as the source port of the very connect aimed at it, and Linux then
 * connects the socket to itself (a TCP simultaneous open): the "down" origin accepts and never
 * answers, and the proxy reports a timeout instead of a refused connection.
 */
public final class RefusedPort {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LINUX_DEFAULT_LOW = 32768;

    private RefusedPort() {}

    /** The highest free loopback port below the ephemeral range. */
    public static int pick() throws IOException {
        int low = ephemeralLow();
        for (int port = low - 1; port > 1024; port--) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return probe.getLocalPort();
            } catch (BindException taken) {
                // in use: try the next one down
            }
        }
        throw new IOException("no free loopback port below the ephemeral range (" + low + ")");
    }

    private static int ephemeralLow() {
        try {
            // line by line: procfs reports a size of 0, and Files.readString then returns one byte
            return Integer.parseInt(
                    Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException unreadable) {
            return LINUX_DEFAULT_LOW;
        }
    }
}
