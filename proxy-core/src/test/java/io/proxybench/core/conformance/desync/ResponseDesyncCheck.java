package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.wire.Escapes;
import io.proxybench.core.conformance.wire.StrictHttpParser;
import io.proxybench.core.conformance.wire.WireOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends one request whose answer the {@link WireOrigin} mutates as a {@link ResponseCase} says,
 * through a proxy that should hold a single origin connection, and checks: the client gets a 5xx,
 * a close, or a response that parses strictly with the body the case allows; the answer is never
 * forwarded as complete when the case says it is ambiguous; and the next request, on the same
 * client connection when it stayed open and on a new one, gets its own answer, never leftovers.
 */
public final class ResponseDesyncCheck {

    private static final int READ_DEADLINE_MS = 4000;
    private static final AtomicLong IDS = new AtomicLong();

    private final SocketOpener opener;
    private final boolean strict;

    /** Opens a new connection to the proxy port: a plain socket, or one over TLS. */
    public interface SocketOpener {
        Socket open() throws IOException;
    }

    /** @param strict whether forwarding an ambiguous answer as complete counts, or only what desynchronises */
    public ResponseDesyncCheck(int proxyPort, boolean strict) {
        this(() -> plainSocket(proxyPort), strict);
    }

    /** As above, with connections from {@code opener} (e.g. a TLS client's). */
    public ResponseDesyncCheck(SocketOpener opener, boolean strict) {
        this.opener = opener;
        this.strict = strict;
    }

    public List<String> run(ResponseCase c) throws IOException {
        String id = "R" + IDS.incrementAndGet();
        List<String> violations = new ArrayList<>();
        try (Socket s = connect()) {
            String respond = WireOrigin.respondHeader(c.raw(), c.interim(), c.close());
            send(
                    s,
                    "GET /_wire/" + id + "/mutated HTTP/1.1\r\nHost: desync.test\r\n" + WireOrigin.RESPOND + ": "
                            + respond + "\r\n\r\n");
            Read first = read(s);
            boolean open = judgeMutated(c, first, violations);
            if (open) {
                send(s, "GET /_wire/" + id + "/same HTTP/1.1\r\nHost: desync.test\r\n\r\n");
                judgeNext("/_wire/" + id + "/same", read(s), true, violations);
            }
        }
        try (Socket s = connect()) {
            send(s, "GET /_wire/" + id + "/next HTTP/1.1\r\nHost: desync.test\r\nConnection: close\r\n\r\n");
            judgeNext("/_wire/" + id + "/next", read(s), false, violations);
        }
        return violations;
    }

    /** Judges the answer to the mutated request; true when the connection may carry another request. */
    private boolean judgeMutated(ResponseCase c, Read got, List<String> violations) {
        StrictHttpParser.Result r = got.response();
        if (r instanceof StrictHttpParser.Malformed m) {
            violations.add("the client got a response that does not parse (" + m.reason() + "): " + got.text());
            return false;
        }
        if (r instanceof StrictHttpParser.Incomplete) {
            if (!got.eof()) {
                violations.add("no complete answer and no close within " + READ_DEADLINE_MS + " ms: " + got.text());
            }
            return false;
        }
        StrictHttpParser.Message m = (StrictHttpParser.Message) r;
        int status = m.status();
        if (status >= 500) {
            return !got.eof() && !closes(m);
        }
        if (c.expected() == null) {
            if (strict) {
                violations.add("an ambiguous or broken origin answer was forwarded as complete: " + got.text());
            }
            return !got.eof() && !closes(m);
        }
        if (!Arrays.equals(m.body(), c.expected())) {
            violations.add("the client got a body the origin did not frame: " + got.text());
        }
        if (m.end() != got.bytes().length) {
            violations.add("bytes after the response: " + got.text());
        }
        return !got.eof() && !closes(m);
    }

    private static void judgeNext(String target, Read got, boolean sameConnection, List<String> violations) {
        String where =
                sameConnection ? "the next request on the same connection" : "the next request on a new connection";
        StrictHttpParser.Result r = got.response();
        if (!(r instanceof StrictHttpParser.Message m)) {
            if (!sameConnection || !got.eof() || got.bytes().length > 0) {
                violations.add(where + " got no proper answer: " + got.text());
            }
            return;
        }
        String answered = m.field(WireOrigin.TARGET);
        if (m.status() == 200 && target.equals(answered)) {
            return;
        }
        violations.add(where + " got " + (answered == null ? "status " + m.status() : "the answer for " + answered)
                + " instead of its own: " + got.text());
    }

    private Socket connect() throws IOException {
        Socket s = opener.open();
        s.setSoTimeout(READ_DEADLINE_MS);
        return s;
    }

    private static Socket plainSocket(int proxyPort) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress("127.0.0.1", proxyPort), 2000);
        return s;
    }

    private static void send(Socket s, String request) throws IOException {
        s.getOutputStream().write(Escapes.ascii(request));
        s.getOutputStream().flush();
    }

    /** Reads until one final response parses (interim ones skipped), the stream ends, or the deadline. */
    private static Read read(Socket s) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] buf = new byte[8192];
        long deadline = System.currentTimeMillis() + READ_DEADLINE_MS;
        int off = 0;
        boolean eof = false;
        while (true) {
            byte[] all = got.toByteArray();
            StrictHttpParser.Result r = StrictHttpParser.response(all, off, all.length, false, eof);
            if (r instanceof StrictHttpParser.Message m && m.status() / 100 == 1 && m.status() != 101) {
                off = m.end();
                continue;
            }
            if (!(r instanceof StrictHttpParser.Incomplete) || eof || System.currentTimeMillis() >= deadline) {
                return new Read(Arrays.copyOfRange(all, off, all.length), r, eof);
            }
            try {
                s.setSoTimeout((int) Math.max(1, deadline - System.currentTimeMillis()));
                int n = in.read(buf);
                if (n < 0) {
                    eof = true;
                } else {
                    got.write(buf, 0, n);
                }
            } catch (SocketTimeoutException e) {
                // the loop reports what there is
            } catch (IOException reset) {
                eof = true;
            }
        }
    }

    private static boolean closes(StrictHttpParser.Message m) {
        String c = m.field("Connection");
        return c != null && c.toLowerCase(java.util.Locale.ROOT).contains("close");
    }

    private record Read(byte[] bytes, StrictHttpParser.Result response, boolean eof) {
        String text() {
            return Escapes.escape(bytes, 400) + (eof ? " <close>" : "");
        }
    }
}
