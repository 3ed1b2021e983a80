package io.proxybench.loadtest.topology.netns;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets the kit, in its own namespace, connect to a TCP port that exists only inside another:
 * kit loopback port → Unix socket file → {@link UnixSocketRelay} inside the namespace → target.
 * Used for the front ends' admin ports; carries a few requests a second, not load.
 */
final class NamespaceBridge implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NamespaceBridge.class);
    private static final long START_TIMEOUT_SECONDS = 20;

    private final Process relay;
    private final Path directory;
    private final ServerSocketChannel listener;

    private NamespaceBridge(Process relay, Path directory, ServerSocketChannel listener) {
        this.relay = relay;
        this.directory = directory;
        this.listener = listener;
    }

    /** @param placePrefix the command prefix that runs a process in the namespace ({@code ip netns exec NS}) */
    static NamespaceBridge open(List<String> placePrefix, String host, int port) throws IOException {
        Path directory = Files.createTempDirectory("pb-bridge-");
        Path socket = directory.resolve("relay.sock");
        List<String> command = new ArrayList<>(placePrefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx16m",
                "-Xss512k",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                UnixSocketRelay.class.getName(),
                socket.toString(),
                host,
                Integer.toString(port)));
        Process relay = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            awaitReady(relay, command);
            ServerSocketChannel listener =
                    ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            NamespaceBridge bridge = new NamespaceBridge(relay, directory, listener);
            bridge.acceptInBackground(socket, host + ":" + port);
            log.info("bridge {} -> {}:{} in {}", listener.getLocalAddress(), host, port, String.join(" ", placePrefix));
            return bridge;
        } catch (IOException | RuntimeException e) {
            relay.destroyForcibly();
            deleteQuietly(directory, socket);
            throw e;
        }
    }

    InetSocketAddress localAddress() throws IOException {
        return (InetSocketAddress) listener.getLocalAddress();
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing a listener that failed is still closed
        }
        relay.destroy();
        try {
            if (!relay.waitFor(2, TimeUnit.SECONDS)) {
                relay.destroyForcibly();
            }
        } catch (InterruptedException e) {
            relay.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteQuietly(directory, directory.resolve("relay.sock"));
    }

    private void acceptInBackground(Path socket, String target) {
        Thread acceptor = new Thread(
                () -> {
                    int count = 0;
                    while (listener.isOpen()) {
                        SocketChannel client;
                        try {
                            client = listener.accept();
                        } catch (IOException closed) {
                            return;
                        }
                        try {
                            SocketChannel toRelay = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                            BytePump.splice(client, toRelay, "bridge-" + (++count));
                        } catch (IOException e) {
                            log.warn("bridge to {}: relay not reachable: {}", target, e.getMessage());
                            try {
                                client.close();
                            } catch (IOException ignored) {
                                // the client sees the connection end either way
                            }
                        }
                    }
                },
                "bridge-accept-" + target);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private static void awaitReady(Process relay, List<String> command) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(relay.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> firstLine = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return out.readLine();
                    } catch (IOException e) {
                        return null;
                    }
                },
                task -> {
                    Thread reader = new Thread(task, "bridge-start");
                    reader.setDaemon(true);
                    reader.start();
                });
        String line;
        try {
            line = firstLine.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            line = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the namespace relay", e);
        }
        if (line == null || !line.startsWith("relaying ")) {
            throw new IOException("namespace relay did not start (" + String.join(" ", command) + ")"
                    + (line == null ? "" : ": " + line));
        }
    }

    private static void deleteQuietly(Path directory, Path socket) {
        try {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            log.debug("could not remove {}: {}", directory, e.getMessage());
        }
    }
}
