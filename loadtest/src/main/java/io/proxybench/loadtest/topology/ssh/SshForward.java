package io.proxybench.loadtest.topology.ssh;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A running {@code ssh -L} forward: how the kit reaches a port that a remote role binds to its own
 * loopback (a front end's admin port). It carries a few requests a second; {@link #close()} ends it,
 * and so does the end of the kit (the session lives as long as the kit holds its stdin open).
 */
final class SshForward implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(15);

    private final Process process;
    private final InetSocketAddress local;

    private SshForward(Process process, InetSocketAddress local) {
        this.process = process;
        this.local = local;
    }

    static SshForward open(SshCommands ssh, HostsFile.Place place, String host, int port) throws IOException {
        int localPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            localPort = probe.getLocalPort();
        }
        Path errors = Files.createTempFile("proxybench-forward", ".log");
        Process process = new ProcessBuilder(ssh.forward(place, localPort, host, port))
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(errors.toFile())
                .start();
        InetSocketAddress local = new InetSocketAddress("127.0.0.1", localPort);
        SshForward forward = new SshForward(process, local);
        try {
            long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IOException("ssh forward to " + host + ":" + port + " on " + place.target() + " ended: "
                            + Files.readString(errors, StandardCharsets.UTF_8).strip());
                }
                if (accepts(local)) {
                    return forward;
                }
                Thread.sleep(100);
            }
            throw new IOException("ssh forward to " + host + ":" + port + " on " + place.target() + " not up within "
                    + READY_TIMEOUT.toSeconds() + " s");
        } catch (IOException | RuntimeException e) {
            forward.close();
            throw e;
        } catch (InterruptedException e) {
            forward.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening an ssh forward", e);
        } finally {
            Files.deleteIfExists(errors);
        }
    }

    InetSocketAddress localAddress() {
        return local;
    }

    private static boolean accepts(InetSocketAddress address) {
        try (Socket socket = new Socket()) {
            socket.connect(address, 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
