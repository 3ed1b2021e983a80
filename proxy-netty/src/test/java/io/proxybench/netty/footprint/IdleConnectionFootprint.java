package io.proxybench.netty.footprint;

import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.ChildJvm;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Memory one idle keep-alive client connection costs the proxy: starts a stub origin and a proxy
 * here, measures heap (after full collections) and RSS, has a child process open N connections
 * with one request each and hold them, measures again, and prints the difference per connection
 * with the classes that grew most. With a fixed, pre-touched heap ({@code -Xms512m -Xmx512m
 * -XX:+AlwaysPreTouch}) the RSS difference is what the connections cost outside the Java heap.
 * Run it with the test classpath, e.g. {@code java -Xms512m -Xmx512m -XX:+AlwaysPreTouch -cp <test
 * classpath> io.proxybench.netty.footprint.IdleConnectionFootprint 4000}; proxy settings may follow the
 * count ({@code server.transport=epoll}).
 */
public final class IdleConnectionFootprint {

    private IdleConnectionFootprint() {}

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        try (StubOrigin origin = StubOrigin.started(StubOriginOptions.builder()
                        .latency("0")
                        .payloadSize(1024)
                        .threads(1)
                        .drainTimeout(Duration.ZERO)
                        .build());
                NettyProxyServer proxy = TestProxies.start(settings(origin, count, args))) {
            // A first round of the same size, closed again, so that classes, compiled code, buffer pools,
            // the loops' arrays and the origin connection exist before the baseline.
            runClients(proxy.port(), count, () -> {});
            Thread.sleep(500);
            // The baseline histogram first: it stays reachable through the second measurement, so it
            // must be in the baseline heap too, or its class names would count as connection bytes.
            Map<String, Long> histBefore = HeapFigures.histogram();
            long heapBefore = HeapFigures.heapUsedAfterGc();
            long rssBefore = HeapFigures.rss();
            boolean nmt = HeapFigures.tracksNativeMemory();
            if (nmt) {
                HeapFigures.nativeMemoryBaseline();
            }
            runClients(proxy.port(), count, () -> {
                long heapAfter = HeapFigures.heapUsedAfterGc();
                long rssAfter = HeapFigures.rss();
                Map<String, Long> histAfter = HeapFigures.histogram();
                System.out.printf(
                        "%d idle keep-alive connections: heap %.2f KiB/connection (class histogram %.2f),"
                                + " RSS %.2f KiB/connection%n",
                        count,
                        (heapAfter - heapBefore) / 1024.0 / count,
                        HeapFigures.totalGrowth(histBefore, histAfter) / 1024.0 / count,
                        (rssAfter - rssBefore) / 1024.0 / count);
                System.out.print("heap growth by class, bytes/connection:\n"
                        + HeapFigures.topGrowth(histBefore, histAfter, count, 25));
                if (nmt) {
                    System.out.print(
                            "native memory tracking, change since the baseline:\n" + HeapFigures.nativeMemoryDiff());
                }
            });
            // Pages first touched while the connections were open (buffer pool chunks, heap not pre-touched)
            // stay resident after they close: what is still there then was not held by the connections.
            awaitClosed(proxy);
            System.out.printf(
                    "RSS after they closed: %.2f KiB/connection above the baseline%n",
                    (HeapFigures.rss() - rssBefore) / 1024.0 / count);
        }
    }

    private static void awaitClosed(NettyProxyServer proxy) throws InterruptedException {
        for (int i = 0; i < 100 && proxy.metrics().clientConnectionsActive().getCount() > 0; i++) {
            Thread.sleep(50);
        }
        // Collected as before the baseline's RSS reading, so both are read in the same state.
        HeapFigures.heapUsedAfterGc();
    }

    private static Map<String, String> settings(StubOrigin origin, int count, String[] args) {
        Map<String, String> settings = new LinkedHashMap<>(Map.of(
                "routes",
                TestProxies.routeTo(origin.port()),
                "client.idleTimeout",
                "10m",
                "limits.maxConnections",
                String.valueOf(count + 100)));
        settings.putAll(TestProxies.settingsFrom(args, 1));
        return settings;
    }

    /** Runs the client process, calls {@code whileHeld} once its connections are open, then lets it go. */
    private static void runClients(int port, int count, ThrowingRunnable whileHeld) throws Exception {
        Process p = ChildJvm.start(
                IdleClients.class, ProcessBuilder.Redirect.INHERIT, String.valueOf(port), String.valueOf(count));
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            if (!"ready".equals(line)) {
                throw new IllegalStateException("client process did not get ready: " + line);
            }
            whileHeld.run();
        } finally {
            p.getOutputStream().close();
            p.waitFor();
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
