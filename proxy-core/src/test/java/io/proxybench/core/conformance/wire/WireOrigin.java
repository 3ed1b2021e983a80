package io.proxybench.core.conformance.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An origin that reads what a proxy forwarded byte for byte with {@link StrictHttpParser}, writes
 * down every complete request (and every stream that did not parse), and answers each request with
 * a tiny response naming it: {@value #SERIAL} (its number in arrival order) and {@value #TARGET}.
 * A request carrying {@value #RESPOND} gets instead the raw response that header spells (see
 * {@link #respondHeader}), for the cases about what a proxy does with a broken origin answer.
 * Thread per connection: it serves tests, not load.
 */
public final class WireOrigin implements AutoCloseable {

    public static final String SERIAL = "X-Wire-Serial";
    public static final String TARGET = "X-Wire-Target";
    public static final String RESPOND = "X-Wire-Respond";

    /** A complete request as the proxy forwarded it. */
    public record Received(int connection, long serial, StrictHttpParser.Message message) {}

    /** A forwarded stream that did not parse (or an I/O failure while reading one). */
    public record Anomaly(long sequence, int connection, String reason, String bytes) {}

    private final ServerSocket server;
    /** By {@link #caseKey} of the target, so a long fuzz run looks up and drops one case's requests cheaply. */
    private final Map<String, List<Received>> received = new ConcurrentHashMap<>();

    private final List<Anomaly> anomalies = new CopyOnWriteArrayList<>();
    /** Connections still open, with the bytes of a request begun but not complete. */
    private final Map<Integer, Integer> partial = new ConcurrentHashMap<>();

    private final Map<Integer, Socket> open = new ConcurrentHashMap<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicLong serials = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong anomalySequence = new AtomicLong();
    private volatile boolean closed;

    private WireOrigin(ServerSocket server) {
        this.server = server;
        Thread t = new Thread(this::acceptLoop, "wire-origin-accept");
        t.setDaemon(true);
        t.start();
    }

    public static WireOrigin start() throws IOException {
        ServerSocket s = new ServerSocket();
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        return new WireOrigin(s);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Every request still remembered, in arrival order. */
    public List<Received> received() {
        List<Received> all = new ArrayList<>();
        received.values().forEach(all::addAll);
        all.sort(Comparator.comparingLong(Received::serial));
        return all;
    }

    public List<Anomaly> anomalies() {
        return List.copyOf(anomalies);
    }

    public long bytesIn() {
        return bytesIn.get();
    }

    public int connectionsAccepted() {
        return connections.get();
    }

    /** Open connections holding part of a request, by connection number (bytes held). */
    public Map<Integer, Integer> partialRequests() {
        return Map.copyOf(partial);
    }

    /**
     * The {@value #RESPOND} value that makes the origin write {@code raw} as its answer, after
     * {@code interim} {@code 100 Continue} responses, and close the connection after it when {@code close}.
     */
    public static String respondHeader(byte[] raw, int interim, boolean close) {
        return interim + "." + (close ? 1 : 0) + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = server.accept();
                int id = connections.incrementAndGet();
                open.put(id, s);
                Thread t = new Thread(() -> serve(s, id), "wire-origin-" + id);
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void serve(Socket socket, int id) {
        byte[] buf = new byte[16 * 1024];
        int len = 0;
        try (socket) {
            socket.setSoTimeout(60_000);
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (true) {
                if (len == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                int n = in.read(buf, len, buf.length - len);
                if (n < 0) {
                    return;
                }
                bytesIn.addAndGet(n);
                len += n;
                int off = 0;
                while (off < len) {
                    StrictHttpParser.Result r = StrictHttpParser.request(buf, off, len);
                    if (r instanceof StrictHttpParser.Incomplete) {
                        break;
                    }
                    if (r instanceof StrictHttpParser.Malformed m) {
                        anomaly(id, m.reason(), Arrays.copyOfRange(buf, off, len));
                        return;
                    }
                    StrictHttpParser.Message msg = (StrictHttpParser.Message) r;
                    off = msg.end();
                    long serial = serials.incrementAndGet();
                    received.computeIfAbsent(caseKey(msg.target()), k -> new CopyOnWriteArrayList<>())
                            .add(new Received(id, serial, msg));
                    if (!answer(msg, serial, out)) {
                        return;
                    }
                }
                System.arraycopy(buf, off, buf, 0, len - off);
                len -= off;
                if (len > 0) {
                    partial.put(id, len);
                } else {
                    partial.remove(id);
                }
            }
        } catch (IOException e) {
            // A reset, even mid-request, is how a proxy abandons an exchange; only what parses wrongly is an anomaly.
        } finally {
            partial.remove(id);
            open.remove(id);
        }
    }

    private void anomaly(int id, String reason, byte[] bytes) {
        anomalies.add(new Anomaly(anomalySequence.incrementAndGet(), id, reason, Escapes.escape(bytes, 600)));
    }

    /** Writes the answer; false when the connection is to close after it. */
    private static boolean answer(StrictHttpParser.Message msg, long serial, OutputStream out) throws IOException {
        String respond = msg.field(RESPOND);
        if (respond != null) {
            String[] p = respond.split("\\.", 3);
            int interim = Integer.parseInt(p[0]);
            byte[] raw = Base64.getUrlDecoder().decode(p[2]);
            byte[] cont = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            byte[] all = new byte[interim * cont.length + raw.length];
            for (int i = 0; i < interim; i++) {
                System.arraycopy(cont, 0, all, i * cont.length, cont.length);
            }
            System.arraycopy(raw, 0, all, interim * cont.length, raw.length);
            out.write(all);
            out.flush();
            return !p[1].equals("1");
        }
        byte[] body = ("serial " + serial + "\n").getBytes(StandardCharsets.US_ASCII);
        String head = "HTTP/1.1 200 OK\r\n" + SERIAL + ": " + serial + "\r\n" + TARGET + ": " + msg.target()
                + "\r\nContent-Length: " + body.length + "\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(h, h.length + body.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        out.write(all);
        out.flush();
        String connection = msg.field("Connection");
        return connection == null
                || !connection.toLowerCase(java.util.Locale.ROOT).contains("close");
    }

    /** Requests received so far whose target starts with {@code prefix}, in arrival order. */
    public List<Received> receivedWithPrefix(String prefix) {
        List<Received> out = new ArrayList<>();
        for (Map.Entry<String, List<Received>> e : received.entrySet()) {
            if (!e.getKey().startsWith(prefix) && !prefix.startsWith(e.getKey())) {
                continue;
            }
            for (Received r : e.getValue()) {
                if (r.message().target().startsWith(prefix)) {
                    out.add(r);
                }
            }
        }
        out.sort(Comparator.comparingLong(Received::serial));
        return out;
    }

    /** Forgets the requests whose target starts with {@code prefix}, which must be a whole {@link #caseKey}. */
    public void forget(String prefix) {
        received.remove(prefix);
    }

    /**
     * The first two segments of a target with their slashes ({@code /_wire/Q0000001/}), or the path
     * when it has fewer: the key a case's requests are filed under.
     */
    static String caseKey(String target) {
        int end = target.indexOf('?');
        String path = end < 0 ? target : target.substring(0, end);
        int first = path.indexOf('/', 1);
        int second = first < 0 ? -1 : path.indexOf('/', first + 1);
        return second < 0 ? path : path.substring(0, second + 1);
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        for (Socket s : open.values()) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }
}
