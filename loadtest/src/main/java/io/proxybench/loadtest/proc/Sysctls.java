package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Kernel settings that shape a connection-heavy run, read from {@code /proc/sys}. */
public final class Sysctls {

    public static final String SOMAXCONN = "net.core.somaxconn";
    public static final String TCP_MAX_SYN_BACKLOG = "net.ipv4.tcp_max_syn_backlog";
    public static final String IP_LOCAL_PORT_RANGE = "net.ipv4.ip_local_port_range";

    /** The reference write-up's OS settings plus what decides connection churn. */
    public static final List<String> RECORDED = List.of(
            SOMAXCONN,
            "net.core.rmem_max",
            "net.core.wmem_max",
            "net.core.netdev_max_backlog",
            TCP_MAX_SYN_BACKLOG,
            IP_LOCAL_PORT_RANGE,
            "net.ipv4.tcp_tw_reuse",
            "net.ipv4.tcp_fin_timeout");

    private Sysctls() {}

    /** Name to value (whitespace collapsed to one space); names that cannot be read are left out. */
    public static Map<String, String> read(Path procRoot, List<String> names) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : names) {
            Path file = procRoot.resolve("sys").resolve(name.replace('.', '/'));
            try {
                values.put(name, readWhole(file).trim().replaceAll("\\s+", " "));
            } catch (IOException e) {
                // not present in this kernel or namespace
            }
        }
        return values;
    }

    /**
     * Reads the file in one read: a sysctl file answers a read at a non-zero offset with EOF, so
     * reading it piecewise (as {@link Files#readString} does for a file that reports size 0) yields
     * only its first byte.
     */
    static String readWhole(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
        }
    }

    /** Size of {@code ip_local_port_range} ("32768 60999" has 28232 ports); -1 when unreadable. */
    public static int portRangeSize(String range) {
        if (range == null) {
            return -1;
        }
        String[] f = range.trim().split("\\s+");
        try {
            return f.length == 2 ? Integer.parseInt(f[1]) - Integer.parseInt(f[0]) + 1 : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
