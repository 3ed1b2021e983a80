package io.proxybench.core.conformance.client;

import io.proxybench.core.http.MapHeaders;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads HTTP/1.1 message heads and bodies from a stream, strictly enough to notice a peer that
 * frames a message wrongly, and tolerant of a peer that stops early (a truncated body is reported,
 * not thrown), because noticing truncation is what several cases are about.
 */
public final class HttpWireReader {

    /** A message head: the start line and the header fields. */
    public record Head(String startLine, MapHeaders headers) {}

    /** A body as far as it arrived. */
    public record Body(byte[] bytes, boolean complete) {}

    private static final int MAX_HEAD_BYTES = 256 * 1024;

    private final InputStream in;

    public HttpWireReader(InputStream in) {
        this.in = in;
    }

    /** The next head, or {@code null} when the stream ends cleanly before its first byte. */
    public Head readHead() throws IOException {
        String start = readLine(true);
        if (start == null) {
            return null;
        }
        MapHeaders headers = new MapHeaders();
        int total = start.length();
        while (true) {
            String line = readLine(false);
            if (line.isEmpty()) {
                return new Head(start, headers);
            }
            total += line.length() + 2;
            if (total > MAX_HEAD_BYTES) {
                throw new ProtocolException("message head longer than " + MAX_HEAD_BYTES + " bytes");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new ProtocolException("malformed header line: '" + line + "'");
            }
            headers.add(
                    line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
    }

    /** A body framed by chunked encoding, Content-Length, or (responses only) the end of the stream. */
    public Body readBody(MapHeaders headers, boolean closeDelimitedAllowed) throws IOException {
        String te = headers.get("Transfer-Encoding");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            return readChunked();
        }
        String cl = headers.get("Content-Length");
        if (cl != null) {
            return readExactly(Long.parseLong(cl.trim()));
        }
        if (closeDelimitedAllowed) {
            return new Body(in.readAllBytes(), true);
        }
        return new Body(new byte[0], true);
    }

    /** Reads up to {@code max} bytes, fewer only at the end of the stream. */
    public byte[] readUpTo(int max) throws IOException {
        return in.readNBytes(max);
    }

    private Body readExactly(long length) throws IOException {
        if (length > Integer.MAX_VALUE - 16) {
            throw new ProtocolException("Content-Length too large for a test: " + length);
        }
        byte[] bytes = in.readNBytes((int) length);
        return new Body(bytes, bytes.length == length);
    }

    private Body readChunked() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String sizeLine;
            try {
                sizeLine = readLine(false);
            } catch (EOFException e) {
                return new Body(out.toByteArray(), false);
            }
            int semi = sizeLine.indexOf(';');
            String hex = (semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).trim();
            int size;
            try {
                size = Integer.parseInt(hex, 16);
            } catch (NumberFormatException e) {
                throw new ProtocolException("bad chunk size line: '" + sizeLine + "'");
            }
            if (size == 0) {
                try {
                    while (!readLine(false).isEmpty()) {
                        // trailer fields are not examined by any case
                    }
                } catch (EOFException e) {
                    return new Body(out.toByteArray(), false);
                }
                return new Body(out.toByteArray(), true);
            }
            byte[] chunk = in.readNBytes(size);
            out.writeBytes(chunk);
            if (chunk.length < size) {
                return new Body(out.toByteArray(), false);
            }
            try {
                if (!readLine(false).isEmpty()) {
                    throw new ProtocolException("chunk of " + size + " bytes not followed by CRLF");
                }
            } catch (EOFException e) {
                return new Body(out.toByteArray(), false);
            }
        }
    }

    /**
     * One CRLF-terminated line (a bare LF is accepted). At the end of the stream before any byte,
     * returns {@code null} if {@code eofAllowed}, else throws {@link EOFException}; mid-line it always throws.
     */
    private String readLine(boolean eofAllowed) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (line.size() == 0 && eofAllowed) {
                    return null;
                }
                throw new EOFException("stream ended "
                        + (line.size() == 0
                                ? "before a line"
                                : "mid-line: '" + line.toString(StandardCharsets.ISO_8859_1) + "'"));
            }
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, len, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
            if (line.size() > MAX_HEAD_BYTES) {
                throw new ProtocolException("line longer than " + MAX_HEAD_BYTES + " bytes");
            }
        }
    }
}
