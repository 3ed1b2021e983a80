package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.client.BodyBytes;
import io.proxybench.core.conformance.wire.Escapes;
import io.proxybench.core.conformance.wire.StrictHttpParser;
import io.proxybench.core.conformance.wire.WireOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends one {@link DesyncCase} through a proxy to a {@link WireOrigin} and checks the one
 * invariant: what the origin received parses strictly as exactly the requests whose answers the
 * client got, each with the body the client meant for it, and nothing the client did not send in full.
 */
public final class RequestDesyncCheck {

    /** Silence after which a client that is not done shuts down its output (the proxy must then finish). */
    private static final int QUIET_MS = 150;

    private static final long CASE_DEADLINE_NANOS = 5_000_000_000L;
    private static final Pattern TARGET =
            Pattern.compile("/_wire/(Q[0-9]{7})/t([0-9]+)\\?len=([0-9]+)&sha=([0-9a-f]{8})");
    private static final AtomicLong IDS = new AtomicLong();

    private final int proxyPort;
    private final WireOrigin origin;

    public RequestDesyncCheck(int proxyPort, WireOrigin origin) {
        this.proxyPort = proxyPort;
        this.origin = origin;
    }

    /** The violations of the invariant; empty when the case passed. */
    public List<String> run(DesyncCase c) throws IOException, InterruptedException {
        String id = String.format("Q%07d", IDS.incrementAndGet() % 10_000_000);
        byte[] stream = replace(c.stream(), DesyncCase.ID_PLACEHOLDER, id);
        int anomaliesBefore = origin.anomalies().size();
        byte[] answer = exchange(stream, c.split(), c.halfClose());
        List<String> violations = new ArrayList<>();
        settle(violations);
        List<Long> answered = clientAnswers(answer, id, violations);
        originRequests(id, answered, violations);
        List<WireOrigin.Anomaly> anomalies = origin.anomalies();
        for (WireOrigin.Anomaly a : anomalies.subList(anomaliesBefore, anomalies.size())) {
            violations.add("the origin could not parse what the proxy forwarded (" + a.reason() + "): " + a.bytes());
        }
        origin.forget("/_wire/" + id + "/");
        return violations;
    }

    private byte[] exchange(byte[] stream, int split, boolean halfClose) throws IOException, InterruptedException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress("127.0.0.1", proxyPort), 2000);
            try {
                if (split > 0) {
                    s.getOutputStream().write(stream, 0, split);
                    s.getOutputStream().flush();
                    Thread.sleep(3);
                    s.getOutputStream().write(stream, split, stream.length - split);
                } else {
                    s.getOutputStream().write(stream);
                }
                s.getOutputStream().flush();
                if (halfClose) {
                    s.shutdownOutput();
                }
            } catch (IOException e) {
                // The proxy may refuse and close before taking every byte; what it answered still counts.
            }
            boolean shut = halfClose;
            long deadline = System.nanoTime() + CASE_DEADLINE_NANOS;
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            s.setSoTimeout(QUIET_MS);
            while (System.nanoTime() < deadline) {
                try {
                    int n = in.read(buf);
                    if (n < 0) {
                        break;
                    }
                    got.write(buf, 0, n);
                } catch (SocketTimeoutException quiet) {
                    if (!shut) {
                        shut = true;
                        try {
                            s.shutdownOutput();
                        } catch (IOException ignored) {
                            // already gone
                        }
                    }
                } catch (IOException reset) {
                    break;
                }
            }
        }
        return got.toByteArray();
    }

    /** Waits until the origin has been sent nothing for a moment and holds no half request on an open connection. */
    private void settle(List<String> violations) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        long last = origin.bytesIn();
        int stable = 0;
        while (System.nanoTime() < deadline) {
            Thread.sleep(5);
            long now = origin.bytesIn();
            stable = now == last ? stable + 1 : 0;
            last = now;
            if (stable >= 4 && origin.partialRequests().isEmpty()) {
                return;
            }
        }
        if (!origin.partialRequests().isEmpty()) {
            violations.add("an origin connection was left open holding part of a request: " + origin.partialRequests());
        }
    }

    /** The serials of the origin answers the client got, checking the response stream parses and comes in order. */
    private static List<Long> clientAnswers(byte[] answer, String id, List<String> violations) {
        List<Long> serials = new ArrayList<>();
        int off = 0;
        int lastLabel = -1;
        while (off < answer.length) {
            StrictHttpParser.Result r = StrictHttpParser.response(answer, off, answer.length, false, true);
            if (r instanceof StrictHttpParser.Malformed m) {
                violations.add("the client got a response that does not parse (" + m.reason() + "): "
                        + Escapes.escape(java.util.Arrays.copyOfRange(answer, off, answer.length), 400));
                break;
            }
            if (r instanceof StrictHttpParser.Incomplete) {
                violations.add("the client got a truncated response: "
                        + Escapes.escape(java.util.Arrays.copyOfRange(answer, off, answer.length), 400));
                break;
            }
            StrictHttpParser.Message m = (StrictHttpParser.Message) r;
            off = m.end();
            String serial = m.field(WireOrigin.SERIAL);
            if (serial == null) {
                continue;
            }
            serials.add(Long.parseLong(serial));
            Matcher t = TARGET.matcher(String.valueOf(m.field(WireOrigin.TARGET)));
            if (!t.matches() || !t.group(1).equals(id)) {
                violations.add("the client got the answer to a request of another case: " + m.field(WireOrigin.TARGET));
                continue;
            }
            int label = Integer.parseInt(t.group(2));
            if (label <= lastLabel) {
                violations.add("answers out of order: t" + label + " after t" + lastLabel);
            }
            lastLabel = label;
        }
        return serials;
    }

    private void originRequests(String id, List<Long> answered, List<String> violations) {
        Set<Long> atClient = new HashSet<>(answered);
        if (atClient.size() != answered.size()) {
            violations.add("the client got one answer twice: " + answered);
        }
        Map<String, Long> labels = new HashMap<>();
        Set<Long> atOrigin = new HashSet<>();
        for (WireOrigin.Received r : origin.receivedWithPrefix("/_wire/" + id + "/")) {
            StrictHttpParser.Message m = r.message();
            atOrigin.add(r.serial());
            Matcher t = TARGET.matcher(m.target());
            if (!t.matches()) {
                violations.add("the origin got a request the client never named: " + m.startLine());
                continue;
            }
            String label = "t" + t.group(2);
            Long before = labels.put(label, r.serial());
            if (before != null) {
                violations.add("the origin got " + label + " twice");
            }
            byte[] body = replace(m.body(), id, DesyncCase.ID_PLACEHOLDER);
            int len = Integer.parseInt(t.group(3));
            if (body.length != len || !BodyBytes.sha256(body).startsWith(t.group(4))) {
                violations.add("the origin got " + label + " with a body the client did not send (" + body.length
                        + " bytes, meant " + len + "): " + Escapes.escape(m.body(), 200));
            }
            if (!atClient.contains(r.serial())) {
                violations.add("the origin answered " + label + " (serial " + r.serial()
                        + ") but the client never got that answer");
            }
        }
        for (long s : answered) {
            if (!atOrigin.contains(s)) {
                violations.add("the client got an answer (serial " + s + ") to nothing it sent");
            }
        }
    }

    static byte[] replace(byte[] in, String from, String to) {
        byte[] f = from.getBytes(StandardCharsets.ISO_8859_1);
        byte[] t = to.getBytes(StandardCharsets.ISO_8859_1);
        if (f.length != t.length) {
            throw new IllegalArgumentException("replacement must keep the length");
        }
        byte[] out = in.clone();
        outer:
        for (int i = 0; i + f.length <= out.length; i++) {
            for (int j = 0; j < f.length; j++) {
                if (out[i + j] != f[j]) {
                    continue outer;
                }
            }
            System.arraycopy(t, 0, out, i, t.length);
        }
        return out;
    }
}
