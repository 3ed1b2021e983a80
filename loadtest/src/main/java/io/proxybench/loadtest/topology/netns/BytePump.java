package io.proxybench.loadtest.topology.netns;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;

/** Copies bytes both ways between two connected channels until both directions end. */
final class BytePump {

    private BytePump() {}

    /** Starts two daemon threads; both channels are closed when both directions are done or one fails. */
    static void splice(SocketChannel a, SocketChannel b, String name) {
        AtomicInteger open = new AtomicInteger(2);
        start(a, b, open, name + "-out");
        start(b, a, open, name + "-back");
    }

    private static void start(SocketChannel from, SocketChannel to, AtomicInteger open, String name) {
        Thread thread = new Thread(
                () -> {
                    ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
                    try {
                        while (from.read(buffer) >= 0) {
                            buffer.flip();
                            while (buffer.hasRemaining()) {
                                to.write(buffer);
                            }
                            buffer.clear();
                        }
                        to.shutdownOutput();
                        if (open.decrementAndGet() == 0) {
                            closeBoth(from, to);
                        }
                    } catch (IOException e) {
                        closeBoth(from, to);
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeBoth(SocketChannel a, SocketChannel b) {
        try {
            a.close();
        } catch (IOException ignored) {
            // already gone: nothing left to release
        }
        try {
            b.close();
        } catch (IOException ignored) {
            // already gone: nothing left to release
        }
    }
}
