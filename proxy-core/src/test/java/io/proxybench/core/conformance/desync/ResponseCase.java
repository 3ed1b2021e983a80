package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.wire.Escapes;
import java.util.Random;

/**
 * One origin answer for the response-side fuzzer, replayable from one line of text.
 *
 * @param what     the mutation, for people
 * @param raw      the bytes the origin writes as its answer
 * @param interim  how many {@code 100 Continue} responses come first
 * @param close    whether the origin closes the connection after writing
 * @param expected the body a client may receive when the proxy forwards the answer as complete;
 *                 {@code null} when the answer is ambiguous or broken and must end in a 5xx or a close
 */
public record ResponseCase(String what, byte[] raw, int interim, boolean close, byte[] expected) {

    /** Answered by the origin after the body of a response that frames shorter than it is. */
    public static final String POISON_TARGET = "/poisoned-leftover";

    /** One line: {@code resp <interim> <close 0|1> <expected body or -> <escaped raw> # <what>}. */
    public String toLine() {
        return "resp " + interim + " " + (close ? 1 : 0) + " " + (expected == null ? "-" : Escapes.escape(expected))
                + " " + Escapes.escape(raw) + " # " + what;
    }

    public static ResponseCase fromLine(String line) {
        String[] p = line.split(" ", 5);
        if (p.length < 5 || !p[0].equals("resp")) {
            throw new IllegalArgumentException("not a response case line: " + line);
        }
        int hash = p[4].indexOf(" # ");
        String raw = hash < 0 ? p[4] : p[4].substring(0, hash);
        return new ResponseCase(
                hash < 0 ? "corpus" : p[4].substring(hash + 3),
                Escapes.unescape(raw),
                Integer.parseInt(p[1]),
                p[2].equals("1"),
                p[3].equals("-") ? null : Escapes.unescape(p[3]));
    }

    /** A mutated origin answer from {@code seed}; the same seed gives the same case. */
    public static ResponseCase generate(long seed) {
        Random r = new Random(seed);
        return build(r, KINDS[r.nextInt(KINDS.length)]);
    }

    /** One case of each kind of mutation, for the conformance cases. */
    public static java.util.List<ResponseCase> everyKind() {
        java.util.List<ResponseCase> all = new java.util.ArrayList<>();
        for (int i = 0; i < KINDS.length; i++) {
            all.add(build(new Random(i), KINDS[i]));
        }
        return all;
    }

    private static final String[] KINDS = {
        "valid sized",
        "valid chunked",
        "duplicate equal CL",
        "CL list equal",
        "conflicting CL",
        "CL list conflicting",
        "CL and TE",
        "TE not chunked",
        "bad chunk size",
        "chunk size overflow",
        "chunk data longer",
        "bare LF chunk lines",
        "no last chunk",
        "body longer than CL",
        "chunked then more",
        "1xx flood",
        "bare CR in header",
        "bare LF in header",
        "obs-fold header",
        "space before colon",
        "close-delimited",
        "CL with sign",
        "negative CL",
        "CL too large then close",
        "bad status line",
        "header without colon",
        "TE chunked twice",
        "NUL in header"
    };

    private static ResponseCase build(Random r, String kind) {
        int n = 1 + r.nextInt(20);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append((char) ('a' + r.nextInt(26)));
        }
        String body = b.toString();
        String poison = "HTTP/1.1 200 OK\r\nContent-Length: 8\r\nX-Wire-Target: " + POISON_TARGET + "\r\n\r\npoisoned";
        String ok = "HTTP/1.1 200 OK\r\n";
        int len = body.length();
        String hex = Integer.toHexString(len);
        String chunkedBody = hex + "\r\n" + body + "\r\n0\r\n\r\n";
        return switch (kind) {
            case "valid sized" -> of(kind, ok + "Content-Length: " + len + "\r\n\r\n" + body, 0, false, body);
            case "valid chunked" ->
                of(
                        kind,
                        ok + "Transfer-Encoding: chunked\r\n\r\n" + hex + ";x=1\r\n" + body
                                + "\r\n0\r\nX-Trailer: t\r\n\r\n",
                        0,
                        false,
                        body);
            case "duplicate equal CL" ->
                of(
                        kind,
                        ok + "Content-Length: " + len + "\r\nContent-Length: " + len + "\r\n\r\n" + body,
                        0,
                        false,
                        body);
            case "CL list equal" ->
                of(kind, ok + "Content-Length: " + len + ", " + len + "\r\n\r\n" + body, 0, false, body);
            case "conflicting CL" ->
                of(
                        kind,
                        ok + "Content-Length: " + len + "\r\nContent-Length: " + (len + 3) + "\r\n\r\n" + body + "xyz",
                        0,
                        false,
                        null);
            case "CL list conflicting" ->
                of(kind, ok + "Content-Length: " + len + ", " + (len + 3) + "\r\n\r\n" + body + "xyz", 0, false, null);
            case "CL and TE" ->
                of(
                        kind,
                        ok + "Content-Length: " + (len + 2) + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody,
                        0,
                        false,
                        null);
            case "TE not chunked" ->
                of(kind, ok + "Transfer-Encoding: gzip\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, null);
            case "bad chunk size" ->
                of(
                        kind,
                        ok + "Transfer-Encoding: chunked\r\n\r\n" + "z" + hex + "\r\n" + body + "\r\n0\r\n\r\n",
                        0,
                        false,
                        null);
            case "chunk size overflow" ->
                of(
                        kind,
                        ok + "Transfer-Encoding: chunked\r\n\r\n1000000000000000" + hex + "\r\n" + body
                                + "\r\n0\r\n\r\n",
                        0,
                        false,
                        null);
            case "chunk data longer" ->
                of(
                        kind,
                        ok + "Transfer-Encoding: chunked\r\n\r\n" + hex + "\r\n" + body + "EXTRA\r\n0\r\n\r\n",
                        0,
                        false,
                        null);
            case "bare LF chunk lines" ->
                of(kind, ok + "Transfer-Encoding: chunked\r\n\r\n" + hex + "\n" + body + "\n0\n\n", 0, false, body);
            case "no last chunk" ->
                of(kind, ok + "Transfer-Encoding: chunked\r\n\r\n" + hex + "\r\n" + body + "\r\n", 0, true, null);
            case "body longer than CL" ->
                of(kind, ok + "Content-Length: " + len + "\r\n\r\n" + body + poison, 0, false, body);
            case "chunked then more" ->
                of(kind, ok + "Transfer-Encoding: chunked\r\n\r\n" + chunkedBody + poison, 0, false, body);
            case "1xx flood" ->
                of(kind, ok + "Content-Length: " + len + "\r\n\r\n" + body, 1 + r.nextInt(2000), false, body);
            case "bare CR in header" ->
                of(kind, ok + "X-Bad: a\rX-Injected: 1\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, body);
            case "bare LF in header" ->
                of(kind, ok + "X-Bad: a\nX-Injected: 1\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, body);
            case "obs-fold header" ->
                of(kind, ok + "X-Folded: a\r\n b\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, body);
            case "space before colon" ->
                of(
                        kind,
                        ok + "Content-Length : " + (len + 3) + "\r\nContent-Length: " + len + "\r\n\r\n" + body + "xyz",
                        0,
                        false,
                        null);
            case "close-delimited" -> of(kind, ok + "X-Framing: none\r\n\r\n" + body, 0, true, body);
            case "CL with sign" -> of(kind, ok + "Content-Length: +" + len + "\r\n\r\n" + body, 0, false, null);
            case "negative CL" -> of(kind, ok + "Content-Length: -1\r\n\r\n" + body, 0, false, null);
            case "CL too large then close" ->
                of(kind, ok + "Content-Length: " + (len + 10) + "\r\n\r\n" + body, 0, true, null);
            case "bad status line" ->
                of(kind, "HTTP/1.1 2OO OK\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, null);
            case "header without colon" ->
                of(kind, ok + "X-No-Colon\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, body);
            case "TE chunked twice" ->
                of(
                        kind,
                        ok + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody,
                        0,
                        false,
                        null);
            case "NUL in header" ->
                of(kind, ok + "X-Nul: a\u0000b\r\nContent-Length: " + len + "\r\n\r\n" + body, 0, false, body);
            default -> throw new IllegalStateException(kind);
        };
    }

    private static ResponseCase of(String what, String raw, int interim, boolean close, String expected) {
        return new ResponseCase(
                what + (interim > 0 ? " (" + interim + " interim)" : ""),
                Escapes.ascii(raw),
                interim,
                close,
                expected == null ? null : Escapes.ascii(expected));
    }
}
