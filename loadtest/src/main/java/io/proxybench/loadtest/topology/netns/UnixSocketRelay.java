package io.proxybench.loadtest.topology.netns;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs inside a network namespace and relays connections made to a Unix socket (a file, so
 * reachable from any namespace) to a TCP address that exists only inside that namespace.
 * Exits when its stdin closes, so it never outlives the kit that started it.
 *
 * <p>Usage: {@code UnixSocketRelay SOCKET HOST PORT}; prints {@code relaying ...} once listening.
 */
public final class UnixSocketRelay {

    private UnixSocketRelay() {}

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (args.length != 3 || !args[2].matches("\\d{1,5}")) {
            System.err.println("usage: UnixSocketRelay SOCKET HOST PORT");
            System.exit(2);
        }
        Path socket = Path.of(args[0]);
        InetSocketAddress target = new InetSocketAddress(args[1], Integer.parseInt(args[2]));
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        exitWhenStdinCloses(socket);
        out.println("relaying " + socket + " to " + args[1] + ":" + args[2]);
        int count = 0;
        while (true) {
            SocketChannel client = server.accept();
            try {
                SocketChannel upstream = SocketChannel.open(target);
                BytePump.splice(client, upstream, "relay-" + (++count));
            } catch (IOException e) {
                System.err.println("relay: cannot reach " + target + ": " + e.getMessage());
                client.close();
            }
        }
    }

    private static void exitWhenStdinCloses(Path socket) {
        Thread watcher = new Thread(
                () -> {
                    try {
                        while (System.in.read() >= 0) {
                            // the kit never writes; any byte is ignored
                        }
                    } catch (IOException ignored) {
                        // a broken pipe means the kit is gone, same as end of input
                    }
                    try {
                        Files.deleteIfExists(socket);
                    } catch (IOException ignored) {
                        // the kit removes the directory too
                    }
                    System.exit(0);
                },
                "stdin-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }
}
