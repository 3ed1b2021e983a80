package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Network throughput of one interface from {@code /proc/net/dev} (read directly, or through the
 * probe's command when the interface lives in another network namespace).
 *
 * <p>On {@code lo} every byte is both sent and received, so only one direction is counted; on a
 * real interface received and transmitted bytes are added, as a NIC's load is.
 */
public final class NetDevSampler {

    public record Counters(long rxBytes, long txBytes) {

        /** Megabits per second between the readings; {@code bothDirections} adds rx and tx. */
        public Double mbpsSince(Counters earlier, double seconds, boolean bothDirections) {
            if (seconds <= 0) {
                return null;
            }
            long bytes = rxBytes - earlier.rxBytes + (bothDirections ? txBytes - earlier.txBytes : 0);
            return bytes < 0 ? null : bytes * 8 / seconds / 1e6;
        }
    }

    private final Path procRoot;
    private final NetworkProbe probe;

    public NetDevSampler(Path procRoot, NetworkProbe probe) {
        this.procRoot = procRoot;
        this.probe = probe;
    }

    /** True when rx and tx are added; false on loopback, where they are the same bytes. */
    public boolean countsBothDirections() {
        return !probe.interfaceName().equals("lo");
    }

    /** What run.json says about the Mbps column. */
    public String describe() {
        return countsBothDirections()
                ? probe.interfaceName() + ": received + transmitted bytes"
                : "lo: one direction only (every byte on loopback is both sent and received); "
                        + "covers generator-proxy and proxy-origin traffic, as the proxy's NIC would";
    }

    public Counters read() throws IOException {
        return parse(readText(), probe.interfaceName());
    }

    private String readText() throws IOException {
        if (probe.readProcNetDevCommand().isEmpty()) {
            return Files.readString(procRoot.resolve("net/dev"));
        }
        Process p = new ProcessBuilder(probe.readProcNetDevCommand())
                .redirectErrorStream(true)
                .start();
        try {
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("reading /proc/net/dev failed: " + text.trim());
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            p.destroyForcibly();
        }
    }

    public static Counters parse(String text, String interfaceName) {
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0 || !line.substring(0, colon).trim().equals(interfaceName)) {
                continue;
            }
            // rx: bytes packets errs drop fifo frame compressed multicast; tx: bytes ...
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            return new Counters(Long.parseLong(f[0]), Long.parseLong(f[8]));
        }
        throw new IllegalArgumentException("no interface '" + interfaceName + "' in /proc/net/dev");
    }
}
