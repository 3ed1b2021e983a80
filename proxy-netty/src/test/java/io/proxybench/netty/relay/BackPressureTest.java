package io.proxybench.netty.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A side that does not read must slow the other side down instead of making the proxy buffer:
 * the bytes the far end manages to hand to its socket stay bounded by the socket buffers on the
 * way, far below the body size, until the slow side reads again. Each test waits until the far end
 * has come to a halt, and checks where.
 */
@ExtendWith(LeakReportGuard.class)
class BackPressureTest {

    private static final long BODY = 128L * 1024 * 1024;
    /** Socket buffers on the path (the kernel may autotune receive buffers up to 32 MiB) stay below this. */
    private static final long BOUND = 64L * 1024 * 1024;
    /** No progress for this long: the far end is held up, not merely between two writes. */
    private static final Duration HALTED = Duration.ofMillis(500);
    /** Not the common pool: on a small machine it may run one task at a time, and these tasks block. */
    private static final Executor THREADS = runnable -> new Thread(runnable, "back-pressure-test").start();

    @Test
    void aClientThatStopsReadingStopsTheOriginFromSending() throws Exception {
        AtomicLong originWrote = new AtomicLong();
        try (ServerSocket originSocket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> origin =
                    CompletableFuture.runAsync(() -> serveOneLargeResponse(originSocket, originWrote), THREADS);
            try (NettyProxyServer proxy = TestProxies.start(Map.of(
                            "routes", TestProxies.routeTo(originSocket.getLocalPort()), "origin.readTimeout", "30s"));
                    Socket client = new Socket()) {
                client.setReceiveBufferSize(64 * 1024);
                client.connect(new InetSocketAddress("127.0.0.1", proxy.port()));
                client.getOutputStream()
                        .write("GET /big HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                Eventually.until("the origin starts its answer", () -> originWrote.get() > 0);
                long stalledAt = Eventually.settles("bytes the origin wrote", originWrote::get, HALTED);
                assertThat(stalledAt)
                        .as("bytes the origin could send while the client read nothing")
                        .isLessThan(BOUND);
                assertThat(origin).as("the origin, held up").isNotDone();

                long received = readAll(client.getInputStream());
                assertThat(received)
                        .as("response bytes (head + body) once the client reads")
                        .isGreaterThan(BODY);
                origin.get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS);
                assertThat(originWrote.get()).isEqualTo(BODY);
            }
        }
    }

    @Test
    void anOriginThatStopsReadingStopsTheClientUpload() throws Exception {
        AtomicLong clientWrote = new AtomicLong();
        CountDownLatch startReading = new CountDownLatch(1);
        try (ServerSocket originSocket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Long> origin =
                    CompletableFuture.supplyAsync(() -> consumeOneUploadLate(originSocket, startReading), THREADS);
            try (NettyProxyServer proxy = TestProxies.start(Map.of(
                            "routes", TestProxies.routeTo(originSocket.getLocalPort()), "origin.readTimeout", "30s"));
                    Socket client = new Socket()) {
                client.setSendBufferSize(64 * 1024);
                client.connect(new InetSocketAddress("127.0.0.1", proxy.port()));
                CompletableFuture<Void> upload = CompletableFuture.runAsync(() -> upload(client, clientWrote), THREADS);
                Eventually.until("the client starts its upload", () -> clientWrote.get() > 0);
                long stalledAt = Eventually.settles("body bytes the client wrote", clientWrote::get, HALTED);
                assertThat(stalledAt)
                        .as("body bytes the client could send while the origin read nothing")
                        .isLessThan(BOUND);
                assertThat(upload).as("the upload, held up").isNotDone();

                startReading.countDown();
                upload.get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS);
                assertThat(origin.get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS))
                        .as("body bytes at the origin")
                        .isEqualTo(BODY);
                byte[] head = new byte[12];
                assertThat(client.getInputStream().readNBytes(head, 0, 12)).isEqualTo(12);
                assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
            }
        }
    }

    private static void serveOneLargeResponse(ServerSocket server, AtomicLong wrote) {
        try (Socket s = server.accept()) {
            s.setSendBufferSize(64 * 1024);
            readHead(s.getInputStream());
            OutputStream out = s.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + BODY + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[64 * 1024];
            for (long left = BODY; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
                wrote.addAndGet(Math.min(chunk.length, left));
            }
            out.flush();
        } catch (Exception e) {
            // the test's assertions report what went wrong
        }
    }

    private static long consumeOneUploadLate(ServerSocket server, CountDownLatch startReading) {
        try (Socket s = server.accept()) {
            s.setReceiveBufferSize(64 * 1024);
            startReading.await();
            InputStream in = s.getInputStream();
            readHead(in);
            long body = 0;
            byte[] buf = new byte[64 * 1024];
            while (body < BODY) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, BODY - body));
                if (n < 0) {
                    break;
                }
                body += n;
            }
            s.getOutputStream()
                    .write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            return body;
        } catch (Exception e) {
            return -1;
        }
    }

    private static void upload(Socket client, AtomicLong wrote) {
        try {
            OutputStream out = client.getOutputStream();
            out.write(("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: " + BODY + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[64 * 1024];
            for (long left = BODY; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
                wrote.addAndGet(Math.min(chunk.length, left));
            }
            out.flush();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads up to the blank line that ends a head (bodyless requests only need this). */
    private static void readHead(InputStream in) throws Exception {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IllegalStateException("closed before the head ended");
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    private static long readAll(InputStream in) throws Exception {
        long total = 0;
        byte[] buf = new byte[256 * 1024];
        int n;
        while (total <= BODY && (n = in.read(buf)) > 0) {
            total += n;
        }
        return total;
    }
}
