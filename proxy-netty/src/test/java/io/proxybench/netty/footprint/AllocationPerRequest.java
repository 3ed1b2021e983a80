package io.proxybench.netty.footprint;

import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Heap the proxy's event loops allocate per proxied request: starts a stub origin (1 KiB, no
 * latency) in a process of its own ({@link OriginProcess} says why) and a proxy here, sends
 * keep-alive GETs on a few connections from this process, and divides the bytes the
 * {@code proxy-inbound} threads allocated (HotSpot's per-thread counter) by the requests. Client
 * threads are not counted. Run it with the test classpath:
 * {@code java -cp <test classpath> io.proxybench.netty.footprint.AllocationPerRequest 50000}; proxy
 * settings may follow the count ({@code server.transport=epoll}).
 */
public final class AllocationPerRequest {

    private AllocationPerRequest() {}

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (OriginProcess origin = OriginProcess.start();
                NettyProxyServer proxy = TestProxies.start(settings(origin, args))) {
            Socket[] connections = new Socket[4];
            for (int i = 0; i < connections.length; i++) {
                connections[i] = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
                connections[i].setTcpNoDelay(true);
            }
            send(connections, requests); // warm-up: JIT, pools, thread caches
            long before = allocatedByLoops(threads);
            send(connections, requests);
            long after = allocatedByLoops(threads);
            System.out.printf(
                    "%d requests: %.0f bytes allocated per request on the proxy's event loops%n",
                    requests, (after - before) / (double) requests);
            for (Socket s : connections) {
                s.close();
            }
        }
    }

    private static Map<String, String> settings(OriginProcess origin, String[] args) {
        Map<String, String> settings = new LinkedHashMap<>(Map.of("routes", TestProxies.routeTo(origin.port())));
        settings.putAll(TestProxies.settingsFrom(args, 1));
        return settings;
    }

    private static void send(Socket[] connections, int requests) throws Exception {
        for (int i = 0; i < requests; i++) {
            int status = HttpRoundTrip.get(connections[i % connections.length]);
            if (status != 200) {
                throw new IllegalStateException("request " + i + " got status " + status);
            }
        }
    }

    private static long allocatedByLoops(com.sun.management.ThreadMXBean threads) {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("proxy-inbound")) {
                sum += threads.getThreadAllocatedBytes(t.getId());
            }
        }
        return sum;
    }
}
