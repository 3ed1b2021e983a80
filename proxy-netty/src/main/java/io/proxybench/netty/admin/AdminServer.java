package io.proxybench.netty.admin;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.netty.transport.TrackedThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The admin port, served by the JDK's own HTTP server on a thread of its own, so that rendering
 * metrics never delays proxied traffic and /health still answers while the proxy loops are saturated.
 *
 * <p>Not Netty's HTTP codec: the proxy's hot path runs through the codec's shared base classes
 * with the proxy's own message and header types, and the JIT compiles it for those types alone.
 * An admin request through the same classes with Netty's default types (full messages, the
 * aggregator, the default header map) breaks that speculation: on JDK 25 each scrape after a quiet
 * spell deoptimised the proxy's read and write paths and had them recompiled for both.
 */
public final class AdminServer {

    /** Accepted admin connections waiting for the dispatcher; a handful of scrapers at most. */
    private static final int BACKLOG = 16;

    private final HttpServer server;
    private final ExecutorService handlerThread;
    private final TrackedThreadFactory threads;

    private AdminServer(HttpServer server, ExecutorService handlerThread, TrackedThreadFactory threads) {
        this.server = server;
        this.handlerThread = handlerThread;
        this.threads = threads;
    }

    /** @throws IllegalStateException with the address in the message when the port cannot be bound */
    public static AdminServer start(String bind, int port, AdminEndpoints endpoints) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(bind, port), BACKLOG);
        } catch (IOException e) {
            throw new IllegalStateException("cannot bind admin port " + bind + ":" + port + ": " + e.getMessage(), e);
        }
        TrackedThreadFactory threads = new TrackedThreadFactory("proxy-admin");
        // One thread answers every admin request, in turn: rendering is cheap and a scrape rarely overlaps another.
        ExecutorService handlerThread = Executors.newSingleThreadExecutor(threads);
        server.setExecutor(handlerThread);
        server.createContext("/", new AdminExchangeHandler(endpoints));
        server.start();
        return new AdminServer(server, handlerThread, threads);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Closes the port at once (an exchange still being answered is cut off) and waits for the admin thread to end. */
    public void stop(Duration timeout) {
        server.stop(0);
        handlerThread.shutdown();
        try {
            handlerThread.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        threads.join(1000);
    }
}
