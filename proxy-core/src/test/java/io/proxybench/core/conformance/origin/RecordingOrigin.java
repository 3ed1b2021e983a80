package io.proxybench.core.conformance.origin;

import io.proxybench.core.conformance.client.BodyBytes;
import io.proxybench.core.conformance.client.HttpWireReader;
import io.proxybench.core.http.MapHeaders;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny blocking origin that writes down every request exactly as the proxy forwarded it: the
 * header cases need to see what reached the origin, and the body cases a digest of the bytes.
 *
 * <p>Answers by path suffix:
 * <ul>
 *   <li>{@code .../hop-by-hop-response}: a 200 carrying hop-by-hop headers the proxy must drop;</li>
 *   <li>{@code ...}{@value #CHUNKED_DOWNLOAD_SUFFIX}{@code ?size=N}: N reproducible bytes
 *       ({@link BodyBytes#random(int, long)} with seed {@link #CHUNKED_SEED}) in chunked encoding;</li>
 *   <li>anything else: a short text body, with what arrived in {@code X-Recorded-*} headers and
 *       {@code X-Replace-Me: from-origin} for outbound filters to change.</li>
 * </ul>
 * Honors {@code Expect: 100-continue} and keep-alive. Thread per connection: it serves tests, not load.
 */
public final class RecordingOrigin implements AutoCloseable {

    public static final long CHUNKED_SEED = 42L;
    public static final String HOP_BY_HOP_SUFFIX = "/hop-by-hop-response";
    public static final String CHUNKED_DOWNLOAD_SUFFIX = "/chunked-download";
    /** The header the origin names in its own {@code Connection} header on the hop-by-hop response. */
    public static final String ORIGIN_PRIVATE_HEADER = "X-Origin-Private";

    private final ServerSocket server;
    private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;
    private volatile boolean closed;

    private RecordingOrigin(ServerSocket server) {
        this.server = server;
        this.acceptor = new Thread(this::acceptLoop, "recording-origin-accept");
        this.acceptor.setDaemon(true);
        this.acceptor.start();
    }

    public static RecordingOrigin start() throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        return new RecordingOrigin(server);
    }

    public int port() {
        return server.getLocalPort();
    }

    public List<RecordedRequest> requests() {
        return List.copyOf(requests);
    }

    /** The last request whose target contains {@code marker}; fails when none arrived. */
    public RecordedRequest lastWith(String marker) {
        for (int i = requests.size() - 1; i >= 0; i--) {
            RecordedRequest r = requests.get(i);
            if (r.target().contains(marker)) {
                return r;
            }
        }
        throw new AssertionError("the origin received no request for '" + marker + "'; it saw " + targets());
    }

    public int connectionsAccepted() {
        return connections.get();
    }

    private List<String> targets() {
        List<String> out = new ArrayList<>();
        for (RecordedRequest r : requests) {
            out.add(r.method() + " " + r.target());
        }
        return out;
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                int id = connections.incrementAndGet();
                open.add(socket);
                Thread t = new Thread(() -> serve(socket, id), "recording-origin-" + id);
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!closed) {
                    // A failed accept is not a test's concern; the next one may work.
                    continue;
                }
                return;
            }
        }
    }

    private void serve(Socket socket, int id) {
        try (socket) {
            socket.setSoTimeout(30_000);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            HttpWireReader reader = new HttpWireReader(in);
            while (!closed) {
                HttpWireReader.Head head = reader.readHead();
                if (head == null) {
                    return;
                }
                String[] line = head.startLine().split(" ", 3);
                if (line.length != 3) {
                    out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    return;
                }
                String expect = head.headers().get("Expect");
                if (expect != null && expect.equalsIgnoreCase("100-continue")) {
                    out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
                HttpWireReader.Body body = reader.readBody(head.headers(), false);
                if (!body.complete()) {
                    return;
                }
                RecordedRequest request = new RecordedRequest(
                        id,
                        line[0],
                        line[1],
                        line[2],
                        head.headers(),
                        body.bytes().length,
                        BodyBytes.sha256(body.bytes()));
                requests.add(request);
                answer(request, out);
                if (wantsClose(head.headers())) {
                    return;
                }
            }
        } catch (SocketException e) {
            // the proxy closed or reset its connection: normal at the end of a case
        } catch (IOException e) {
            // a malformed forward shows up in the case's assertions, not here
        } finally {
            open.remove(socket);
        }
    }

    private static boolean wantsClose(MapHeaders headers) {
        String c = headers.get("Connection");
        return c != null && c.toLowerCase(Locale.ROOT).contains("close");
    }

    private static void answer(RecordedRequest request, OutputStream out) throws IOException {
        boolean head = request.method().equals("HEAD");
        String path = request.target();
        int q = path.indexOf('?');
        String query = q < 0 ? "" : path.substring(q + 1);
        path = q < 0 ? path : path.substring(0, q);
        if (path.endsWith(CHUNKED_DOWNLOAD_SUFFIX)) {
            int size = Integer.parseInt(queryValue(query, "size", "0"));
            writeChunked(out, BodyBytes.random(size, CHUNKED_SEED), head);
            return;
        }
        StringBuilder h = new StringBuilder("HTTP/1.1 200 OK\r\n");
        if (path.endsWith(HOP_BY_HOP_SUFFIX)) {
            h.append("Connection: keep-alive, ")
                    .append(ORIGIN_PRIVATE_HEADER)
                    .append("\r\n")
                    .append(ORIGIN_PRIVATE_HEADER)
                    .append(": for the proxy only\r\n")
                    .append("Keep-Alive: timeout=30, max=100\r\n")
                    .append("Proxy-Connection: keep-alive\r\n")
                    .append("Trailer: X-Checksum\r\n")
                    .append("Upgrade: example/1\r\n");
        }
        byte[] body = "recorded\n".getBytes(StandardCharsets.US_ASCII);
        h.append("Content-Type: text/plain\r\n")
                .append("X-Recorded-Method: ")
                .append(request.method())
                .append("\r\n")
                .append("X-Recorded-Body-Length: ")
                .append(request.bodyLength())
                .append("\r\n")
                .append("X-Recorded-Body-Sha256: ")
                .append(request.bodySha256())
                .append("\r\n")
                .append("X-Replace-Me: from-origin\r\n")
                .append("Content-Length: ")
                .append(body.length)
                .append("\r\n\r\n");
        out.write(h.toString().getBytes(StandardCharsets.US_ASCII));
        if (!head) {
            out.write(body);
        }
        out.flush();
    }

    private static void writeChunked(OutputStream out, byte[] body, boolean head) throws IOException {
        out.write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
        if (head) {
            out.flush();
            return;
        }
        ByteArrayOutputStream framed = new ByteArrayOutputStream(64 * 1024 + 16);
        // Irregular chunk sizes, so that a proxy relying on chunk boundaries would show it.
        int[] sizes = {1, 7_919, 65_536, 13, 32_768};
        int off = 0;
        for (int i = 0; off < body.length; i++) {
            int n = Math.min(sizes[i % sizes.length], body.length - off);
            framed.reset();
            framed.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            framed.write(body, off, n);
            framed.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(framed.toByteArray());
            off += n;
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static String queryValue(String query, String name, String fallback) {
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return pair.substring(eq + 1);
            }
        }
        return fallback;
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
        try {
            acceptor.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
