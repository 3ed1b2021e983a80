package io.proxybench.bench.relay;

import io.proxybench.bench.MicroBenchmark;
import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.netty.NettyProxyFactory;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.runner.RunnerException;

/**
 * One keep-alive GET of 1 KiB over loopback through an in-process proxy-netty (no filters) to an
 * in-process stub origin without latency, against the same GET sent to the origin directly: the
 * difference is what the proxy adds per request on the hot path (request head forwarding, origin
 * connection from the pool, response relay), system calls included. {@code layout} picks the
 * proxy's threads: {@code one-loop} (one event loop does everything) or {@code split} (the
 * write-up's groups, one inbound loop, one filter thread, one outbound loop), where the
 * difference is what the hops between the groups cost: one request at a time, every hop wakes a
 * sleeping thread.
 *
 * <p>{@code -prof gc}'s allocation per operation is the whole JVM's, and with the origin in it the
 * proxy's figure is not what it is alone: the origin's Netty decoder makes the decoders' shared
 * call sites megamorphic, and the JIT then allocates on the proxy's loop what it scalar-replaces
 * in a proxy-only JVM. {@code AllocationPerRequest} in proxy-netty's tests measures the proxy's
 * loops with the origin in a process of its own.
 */
public class ProxiedRoundTripBenchmark extends MicroBenchmark {

    private static final byte[] REQUEST =
            "GET /bench HTTP/1.1\r\nHost: bench\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** The origin and the proxy in front of it, shared by the benchmark threads. */
    @State(Scope.Benchmark)
    public static class Servers {
        @Param({"one-loop", "split"})
        String layout;

        StubOrigin origin;
        ProxyServer proxy;

        @Setup(Level.Trial)
        public void start() throws Exception {
            origin = StubOrigin.started(StubOriginOptions.builder()
                    .latency("0")
                    .payloadSize(1024)
                    .threads(1)
                    .drainTimeout(Duration.ZERO)
                    .build());
            NettyProxyFactory factory = new NettyProxyFactory();
            String hops = layout.equals("split") ? "1" : "0";
            proxy = factory.start(new ConfigLoader(factory.schema())
                    .layer(
                            Map.of(
                                    "server.port",
                                    "0",
                                    "admin.port",
                                    "0",
                                    "workers.inbound",
                                    "1",
                                    "workers.stage",
                                    hops,
                                    "workers.outbound",
                                    hops,
                                    "filters.serviceLoader",
                                    "false",
                                    "shutdown.drainTimeout",
                                    "0s",
                                    "routes",
                                    "/=127.0.0.1:" + origin.port()),
                            "bench")
                    .load());
        }

        @TearDown(Level.Trial)
        public void stop() {
            proxy.close();
            origin.close();
        }
    }

    /** One keep-alive connection each to the proxy and to the origin, per benchmark thread. */
    @State(Scope.Thread)
    public static class Connections {
        Socket viaProxy;
        Socket direct;
        final byte[] buffer = new byte[16 * 1024];

        @Setup(Level.Trial)
        public void open(Servers servers) throws IOException {
            viaProxy = new Socket(InetAddress.getLoopbackAddress(), servers.proxy.port());
            viaProxy.setTcpNoDelay(true);
            direct = new Socket(InetAddress.getLoopbackAddress(), servers.origin.port());
            direct.setTcpNoDelay(true);
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            viaProxy.close();
            direct.close();
        }
    }

    @Benchmark
    public int throughProxy(Connections c) throws IOException {
        return get(c.viaProxy, c.buffer);
    }

    /** Baseline: the same request without the proxy, to subtract from {@link #throughProxy}. */
    @Benchmark
    public int directToOrigin(Connections c) throws IOException {
        return get(c.direct, c.buffer);
    }

    /** Sends the GET and reads until the response's head and Content-Length bytes of body are in. */
    private static int get(Socket s, byte[] buf) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(REQUEST);
        InputStream in = s.getInputStream();
        int have = 0;
        int headEnd = -1;
        long total = Long.MAX_VALUE;
        while (have < total) {
            int n = in.read(buf, have, buf.length - have);
            if (n < 0) {
                throw new IOException("connection closed mid-response");
            }
            have += n;
            if (headEnd < 0) {
                headEnd = indexOfHeadEnd(buf, have);
                if (headEnd >= 0) {
                    total = headEnd + contentLength(buf, headEnd);
                }
            }
        }
        return have;
    }

    private static int indexOfHeadEnd(byte[] b, int len) {
        for (int i = 3; i < len; i++) {
            if (b[i] == '\n' && b[i - 1] == '\r' && b[i - 2] == '\n' && b[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    private static long contentLength(byte[] b, int headEnd) throws IOException {
        String head = new String(b, 0, headEnd, StandardCharsets.US_ASCII);
        for (String line : head.split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                return Long.parseLong(line.substring(15).trim());
            }
        }
        throw new IOException("response without Content-Length");
    }

    public static void main(String[] args) throws RunnerException {
        run(ProxiedRoundTripBenchmark.class);
    }
}
