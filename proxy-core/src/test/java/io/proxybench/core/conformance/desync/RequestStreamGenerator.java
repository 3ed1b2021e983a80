package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.client.BodyBytes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Makes {@link DesyncCase}s from a seed: one to three pipelined requests, each perhaps mutated in
 * its framing (Content-Length and Transfer-Encoding values, duplicates, case, whitespace, lists,
 * obs-fold, the headers {@code Connection} names, the HTTP version), its chunks (sizes,
 * extensions, trailers, line ends) or its body (longer or shorter than declared, a request hidden
 * inside), perhaps a closing request at the end, perhaps a half-close. The same seed gives the same case.
 */
public final class RequestStreamGenerator {

    static final String HOST = "desync.test";

    private final Random random;
    private int label;
    private final List<String> what = new ArrayList<>();
    /** A body was cut short: any byte after it would be read as the rest of that body, so the stream ends there. */
    private boolean cutShort;

    private RequestStreamGenerator(long seed) {
        this.random = new Random(seed);
    }

    public static DesyncCase generate(long seed) {
        return new RequestStreamGenerator(seed).build();
    }

    /** The target naming label {@code n} and the body meant for it. */
    static String target(int n, byte[] body) {
        return "/_wire/" + DesyncCase.ID_PLACEHOLDER + "/t" + n + "?len=" + body.length + "&sha="
                + BodyBytes.sha256(body).substring(0, 8);
    }

    private DesyncCase build() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int requests = 1 + random.nextInt(3);
        for (int i = 0; i < requests && !cutShort; i++) {
            out.writeBytes(request(i == 0 || random.nextInt(3) == 0));
        }
        if (!cutShort && random.nextInt(10) < 7) {
            out.writeBytes(plain("GET", new byte[0], "Connection: close"));
            what.add("closing request");
        }
        byte[] stream = out.toByteArray();
        int split = random.nextInt(10) < 3 ? 1 + random.nextInt(stream.length) : 0;
        if (split >= stream.length) {
            split = 0;
        }
        boolean halfClose = random.nextInt(5) == 0;
        if (halfClose) {
            what.add("half-close");
        }
        return new DesyncCase(String.join(", ", what), stream, split, halfClose);
    }

    private byte[] plain(String method, byte[] body, String extra) {
        RequestSketch s = new RequestSketch(method, target(label++, body), body);
        s.headers.add(extra);
        if (body.length > 0) {
            s.headers.add("Content-Length: " + body.length);
        }
        s.wireBody = body;
        return s.bytes();
    }

    private byte[] request(boolean mutate) {
        boolean hasBody = random.nextInt(4) != 0;
        int own = label++;
        byte[] body = hasBody ? body(random.nextInt(4) == 0) : new byte[0];
        RequestSketch s =
                new RequestSketch(hasBody ? (random.nextBoolean() ? "POST" : "PUT") : "GET", target(own, body), body);
        boolean chunked = hasBody && random.nextBoolean();
        if (chunked) {
            s.headers.add("Transfer-Encoding: chunked");
            s.wireBody = chunks(body, mutate && random.nextInt(3) == 0);
        } else if (hasBody || random.nextInt(4) == 0) {
            s.headers.add("Content-Length: " + body.length);
            s.wireBody = body;
        }
        if (mutate) {
            int n = 1 + (random.nextInt(4) == 0 ? 1 : 0);
            for (int i = 0; i < n; i++) {
                mutateHead(s, chunked);
            }
            if (random.nextInt(5) == 0) {
                mutateBodyLength(s);
            }
        }
        return s.bytes();
    }

    /** Random printable bytes, sometimes with a whole request inside. */
    private byte[] body(boolean hideRequest) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int n = random.nextInt(24);
        for (int i = 0; i < n; i++) {
            b.write('a' + random.nextInt(26));
        }
        if (hideRequest) {
            int hidden = label++;
            String r = "GET " + target(hidden, new byte[0]) + " HTTP/1.1\r\nHost: " + HOST + "\r\n\r\n";
            b.writeBytes(r.getBytes(StandardCharsets.US_ASCII));
            what.add("request t" + hidden + " hidden in a body");
        }
        return b.toByteArray();
    }

    private byte[] chunks(byte[] body, boolean mutate) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int off = 0;
        String eol = "\r\n";
        String mutation = mutate
                ? pick(
                        "size leading zeros",
                        "size upper case",
                        "size 0x",
                        "size space",
                        "size plus",
                        "size overflow",
                        "extension",
                        "quoted extension",
                        "bad extension",
                        "bare LF",
                        "data longer",
                        "data shorter",
                        "no CRLF after data",
                        "trailer",
                        "bad trailer",
                        "trailer Content-Length",
                        "last chunk 00",
                        "last chunk extension",
                        "no final CRLF",
                        "bare CR")
                : "";
        if (!mutation.isEmpty()) {
            what.add("chunk: " + mutation);
        }
        if (mutation.equals("bare LF")) {
            eol = "\n";
        }
        while (off < body.length) {
            int n = Math.min(body.length - off, 1 + random.nextInt(9));
            String size = Integer.toHexString(n);
            switch (mutation) {
                case "size leading zeros" -> size = "00" + size;
                case "size upper case" -> size = size.toUpperCase();
                case "size 0x" -> size = "0x" + size;
                case "size space" -> size = random.nextBoolean() ? " " + size : size + " ";
                case "size plus" -> size = "+" + size;
                case "size overflow" -> size = "1000000000000000" + size;
                case "extension" -> size = size + ";ext=1";
                case "quoted extension" -> size = size + ";ext=\"a b\"";
                case "bad extension" -> size = random.nextBoolean() ? size + ";" : size + "; =x";
                default -> {}
            }
            out.writeBytes((size + eol).getBytes(StandardCharsets.ISO_8859_1));
            int data = n + (mutation.equals("data longer") ? 2 : mutation.equals("data shorter") ? -1 : 0);
            for (int i = 0; i < data; i++) {
                out.write(i < n ? body[off + i] : 'z');
            }
            if (!mutation.equals("no CRLF after data")) {
                out.writeBytes((mutation.equals("bare CR") ? "\r" : eol).getBytes(StandardCharsets.ISO_8859_1));
            }
            off += n;
        }
        String last = switch (mutation) {
            case "last chunk 00" -> "00";
            case "last chunk extension" -> "0;done";
            default -> "0";
        };
        out.writeBytes((last + eol).getBytes(StandardCharsets.ISO_8859_1));
        switch (mutation) {
            case "trailer" -> out.writeBytes(("X-Trailer: 1" + eol).getBytes(StandardCharsets.ISO_8859_1));
            case "bad trailer" -> out.writeBytes(("no colon here" + eol).getBytes(StandardCharsets.ISO_8859_1));
            case "trailer Content-Length" ->
                out.writeBytes(("Content-Length: 5" + eol).getBytes(StandardCharsets.ISO_8859_1));
            default -> {}
        }
        if (!mutation.equals("no final CRLF")) {
            out.writeBytes(eol.getBytes(StandardCharsets.ISO_8859_1));
        }
        return out.toByteArray();
    }

    private void mutateHead(RequestSketch s, boolean chunked) {
        String m = pick(
                "CL value",
                "CL value",
                "TE value",
                "TE value",
                "duplicate CL",
                "duplicate TE",
                "CL and TE",
                "name case",
                "space before colon",
                "tab value",
                "obs-fold",
                "Connection names",
                "version",
                "bare LF head",
                "bare CR head",
                "no Host",
                "two Hosts",
                "TE on bodyless",
                "Expect");
        what.add(m);
        int cl = s.find("Content-Length");
        int te = s.find("Transfer-Encoding");
        int len = s.body.length;
        switch (m) {
            case "CL value" ->
                s.set(
                        cl,
                        "Content-Length: "
                                + pick(
                                        " " + len + " ",
                                        "0" + len,
                                        "+" + len,
                                        "-" + len,
                                        len + ", " + len,
                                        len + "," + (len + 1),
                                        "0x" + Integer.toHexString(len),
                                        len + ".0",
                                        "",
                                        len + " " + len,
                                        "99999999999999999999",
                                        "\t" + len));
            case "TE value" ->
                s.set(
                        te,
                        "Transfer-Encoding: "
                                + pick(
                                        "Chunked",
                                        "CHUNKED",
                                        " chunked",
                                        "chunked ",
                                        "\tchunked",
                                        "chunked, chunked",
                                        "identity, chunked",
                                        "chunked, identity",
                                        "xchunked",
                                        "chunkedx",
                                        "chunked;q=1",
                                        "gzip, chunked",
                                        "identity",
                                        "chunk",
                                        "\"chunked\"",
                                        "chunked\u000b"));
            case "duplicate CL" -> {
                if (cl < 0) {
                    // A lone Content-Length would simply frame the next bytes as this request's body.
                    s.headers.add("Content-Length: " + len);
                }
                s.headers.add("Content-Length: " + (random.nextBoolean() ? len : len + 1));
            }
            case "duplicate TE" -> s.headers.add("Transfer-Encoding: " + pick("chunked", "identity"));
            case "CL and TE" ->
                s.headers.add(chunked ? "Content-Length: " + random.nextInt(len + 2) : "Transfer-Encoding: chunked");
            case "name case" -> s.rename(random.nextBoolean() ? cl : te, random.nextBoolean());
            case "space before colon" ->
                s.headers.replaceAll(h -> h.startsWith("Content-Length:") || h.startsWith("Transfer-Encoding:")
                        ? h.replaceFirst(":", random.nextBoolean() ? " :" : "\t:")
                        : h);
            case "tab value" -> s.headers.replaceAll(h -> h.replaceFirst(": ", ":\t"));
            case "obs-fold" -> {
                int i = random.nextBoolean() && cl >= 0 ? cl : te;
                if (i >= 0) {
                    String h = s.headers.get(i);
                    int colon = h.indexOf(':');
                    s.headers.set(
                            i,
                            h.substring(0, colon + 1) + "\r\n "
                                    + h.substring(colon + 1).trim());
                } else {
                    s.headers.add("X-Folded: a\r\n b");
                }
            }
            case "Connection names" ->
                s.headers.add("Connection: "
                        + pick(
                                "Content-Length",
                                "Transfer-Encoding",
                                "Host",
                                "close, Content-Length",
                                "keep-alive, Transfer-Encoding",
                                "content-length",
                                "X-Other",
                                "TE",
                                "Upgrade"));
            case "version" ->
                s.version = pick(
                        "HTTP/1.0",
                        "HTTP/1.2",
                        "HTTP/2.0",
                        "HTTP/3.0",
                        "HTTP/1.10",
                        "http/1.1",
                        "HTTP/1.1 ",
                        "HTTP/01.1");
            case "bare LF head" -> s.eol = random.nextBoolean() ? "\n" : "\r\n";
            case "bare CR head" -> s.headers.add("X-Bare: a\rb");
            case "no Host" -> s.host = false;
            case "two Hosts" -> s.headers.add("Host: other.test");
            case "TE on bodyless" -> s.headers.add("Transfer-Encoding: chunked");
            case "Expect" -> s.headers.add("Expect: 100-continue");
            default -> throw new IllegalStateException(m);
        }
        if (m.equals("bare LF head") && s.eol.equals("\r\n")) {
            s.lfAfter = random.nextInt(s.headers.size() + 1);
        }
    }

    private void mutateBodyLength(RequestSketch s) {
        if (s.wireBody.length > 0 && random.nextBoolean()) {
            int cut = 1 + random.nextInt(s.wireBody.length);
            s.wireBody = java.util.Arrays.copyOf(s.wireBody, s.wireBody.length - cut);
            cutShort = true;
            what.add("body " + cut + " bytes short");
        } else {
            byte[] extra = random.nextBoolean()
                    ? "GET".getBytes(StandardCharsets.US_ASCII)
                    : ("GET " + target(label++, new byte[0]) + " HTTP/1.1\r\nHost: " + HOST + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII);
            byte[] longer = java.util.Arrays.copyOf(s.wireBody, s.wireBody.length + extra.length);
            System.arraycopy(extra, 0, longer, s.wireBody.length, extra.length);
            s.wireBody = longer;
            what.add("body " + extra.length + " bytes long");
        }
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }
}
