package io.proxybench.core.conformance.client;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An HTTP/1.1 request written byte for byte as the test says, so that cases can send what a
 * library client would refuse to (hop-by-hop headers, both Content-Length and Transfer-Encoding,
 * pipelined requests).
 */
public final class RawRequest {

    /** The Host the suite's requests carry unless a case sets another. */
    public static final String DEFAULT_HOST = "conformance.test";

    private final String method;
    private final String target;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>();
    private String host = DEFAULT_HOST;
    private byte[] body;
    private int chunkSize;

    private RawRequest(String method, String target) {
        this.method = method;
        this.target = target;
    }

    public static RawRequest of(String method, String target) {
        return new RawRequest(method, target);
    }

    public static RawRequest get(String target) {
        return of("GET", target);
    }

    public static RawRequest head(String target) {
        return of("HEAD", target);
    }

    public static RawRequest post(String target, byte[] body) {
        return of("POST", target).body(body);
    }

    public RawRequest header(String name, String value) {
        headers.add(Map.entry(name, value));
        return this;
    }

    /** Sends {@code Host: value}; {@code null} sends no Host header at all. */
    public RawRequest host(String value) {
        this.host = value;
        return this;
    }

    /** A body framed by Content-Length (unless {@link #chunked} is also called). */
    public RawRequest body(byte[] bytes) {
        this.body = bytes;
        return this;
    }

    /** Frames the body as chunks of at most {@code size} bytes. */
    public RawRequest chunked(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("chunk size must be positive");
        }
        this.chunkSize = size;
        return this;
    }

    public String method() {
        return method;
    }

    public boolean isHead() {
        return "HEAD".equalsIgnoreCase(method);
    }

    /** The request line and header block, up to and including the empty line. */
    public byte[] headBytes() {
        StringBuilder sb = new StringBuilder(128);
        sb.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        if (host != null) {
            sb.append("Host: ").append(host).append("\r\n");
        }
        for (Map.Entry<String, String> h : headers) {
            sb.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        if (body != null) {
            if (chunkSize > 0) {
                sb.append("Transfer-Encoding: chunked\r\n");
            } else {
                sb.append("Content-Length: ").append(body.length).append("\r\n");
            }
        }
        sb.append("\r\n");
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The body as it goes on the wire (chunk framing included); empty when there is none. */
    public byte[] bodyBytes() {
        if (body == null) {
            return new byte[0];
        }
        if (chunkSize == 0) {
            return body;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + body.length / chunkSize * 8 + 16);
        for (int off = 0; off < body.length; off += chunkSize) {
            int n = Math.min(chunkSize, body.length - off);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, off, n);
            out.writeBytes(CRLF);
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    public byte[] toBytes() {
        byte[] head = headBytes();
        byte[] tail = bodyBytes();
        byte[] all = new byte[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private static final byte[] CRLF = {'\r', '\n'};

    @Override
    public String toString() {
        return method + " " + target;
    }
}
