package io.proxybench.core.conformance.wire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The reference reading of an HTTP/1.1 byte stream, as strict as RFC 9112 allows and no more
 * lenient: CRLF line ends only, no obs-fold, no whitespace before a colon, one Content-Length of
 * digits or one {@code Transfer-Encoding: chunked} (never both), chunk sizes of hex digits only.
 * What a proxy writes to its origin or its client must read the same here as it did to the proxy;
 * anything this parser calls malformed is a framing the proxy should never have produced.
 */
public final class StrictHttpParser {

    /** One field line. */
    public record Field(String name, String value) {}

    /** Outcome of one parse from an offset. */
    public sealed interface Result permits Message, Incomplete, Malformed {}

    /** A complete message ending at {@code end} (exclusive). */
    public record Message(String startLine, List<Field> fields, byte[] body, int end) implements Result {

        public String field(String name) {
            for (Field f : fields) {
                if (f.name().equalsIgnoreCase(name)) {
                    return f.value();
                }
            }
            return null;
        }

        public int status() {
            return Integer.parseInt(startLine.substring(9, 12));
        }

        public String target() {
            String[] parts = startLine.split(" ");
            return parts.length == 3 ? parts[1] : "";
        }
    }

    /** More bytes are needed. */
    public record Incomplete() implements Result {}

    /** The bytes cannot be a message; {@code reason} says why. */
    public record Malformed(String reason) implements Result {}

    private static final Incomplete INCOMPLETE = new Incomplete();
    private static final int MAX_HEAD = 64 * 1024;

    private StrictHttpParser() {}

    /** A request starting at {@code off}; {@code buf[off..end)} is all that has arrived so far. */
    public static Result request(byte[] buf, int off, int end) {
        return parse(buf, off, end, true, false, false);
    }

    /**
     * A response starting at {@code off}.
     *
     * @param toHead the request was HEAD (no body whatever the fields say)
     * @param eof    the stream ended at {@code end}: a body delimited by the close is complete
     */
    public static Result response(byte[] buf, int off, int end, boolean toHead, boolean eof) {
        return parse(buf, off, end, false, toHead, eof);
    }

    private static Result parse(byte[] buf, int off, int end, boolean request, boolean toHead, boolean eof) {
        int[] pos = {off};
        String start = line(buf, pos, end);
        if (start == null) {
            return INCOMPLETE;
        }
        if (start.startsWith("!")) {
            return new Malformed(start.substring(1));
        }
        String startProblem = request ? requestLineProblem(start) : statusLineProblem(start);
        if (startProblem != null) {
            return new Malformed(startProblem + ": '" + start + "'");
        }
        List<Field> fields = new ArrayList<>();
        while (true) {
            if (pos[0] - off > MAX_HEAD) {
                return new Malformed("head longer than " + MAX_HEAD);
            }
            String l = line(buf, pos, end);
            if (l == null) {
                return INCOMPLETE;
            }
            if (l.startsWith("!")) {
                return new Malformed(l.substring(1));
            }
            if (l.isEmpty()) {
                break;
            }
            Field f = field(l);
            if (f == null) {
                return new Malformed("bad field line '" + l + "'");
            }
            fields.add(f);
        }
        Message head = new Message(start, fields, new byte[0], pos[0]);
        String te = only(fields, "transfer-encoding");
        String cl = only(fields, "content-length");
        if ("!".equals(te) || "!".equals(cl)) {
            return new Malformed("repeated Transfer-Encoding or Content-Length");
        }
        if (te != null && cl != null) {
            return new Malformed("both Transfer-Encoding and Content-Length");
        }
        if (!request) {
            int status = head.status();
            if (toHead || status / 100 == 1 || status == 204 || status == 304) {
                return head;
            }
        }
        if (te != null) {
            if (!te.equalsIgnoreCase("chunked")) {
                return new Malformed("Transfer-Encoding other than chunked: '" + te + "'");
            }
            return chunked(buf, pos[0], end, start, fields);
        }
        if (cl != null) {
            if (cl.isEmpty() || cl.length() > 18 || !cl.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return new Malformed("bad Content-Length '" + cl + "'");
            }
            long n = Long.parseLong(cl);
            if (end - pos[0] < n) {
                return INCOMPLETE;
            }
            byte[] body = java.util.Arrays.copyOfRange(buf, pos[0], pos[0] + (int) n);
            return new Message(start, fields, body, pos[0] + (int) n);
        }
        if (request) {
            return head;
        }
        if (!eof) {
            return INCOMPLETE;
        }
        return new Message(start, fields, java.util.Arrays.copyOfRange(buf, pos[0], end), end);
    }

    private static Result chunked(byte[] buf, int p, int end, String start, List<Field> fields) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int[] pos = {p};
        while (true) {
            String sizeLine = line(buf, pos, end);
            if (sizeLine == null) {
                return INCOMPLETE;
            }
            if (sizeLine.startsWith("!")) {
                return new Malformed(sizeLine.substring(1));
            }
            int semi = sizeLine.indexOf(';');
            String hex = semi < 0 ? sizeLine : sizeLine.substring(0, semi);
            if (hex.isEmpty() || hex.length() > 15 || !hex.chars().allMatch(StrictHttpParser::isHex)) {
                return new Malformed("bad chunk size line '" + sizeLine + "'");
            }
            if (semi >= 0 && !validExtensions(sizeLine.substring(semi))) {
                return new Malformed("bad chunk extension '" + sizeLine + "'");
            }
            long size = Long.parseLong(hex, 16);
            if (size == 0) {
                while (true) {
                    String t = line(buf, pos, end);
                    if (t == null) {
                        return INCOMPLETE;
                    }
                    if (t.startsWith("!")) {
                        return new Malformed(t.substring(1));
                    }
                    if (t.isEmpty()) {
                        return new Message(start, fields, body.toByteArray(), pos[0]);
                    }
                    if (field(t) == null) {
                        return new Malformed("bad trailer line '" + t + "'");
                    }
                }
            }
            if (end - pos[0] < size + 2) {
                return INCOMPLETE;
            }
            body.write(buf, pos[0], (int) size);
            pos[0] += (int) size;
            if (buf[pos[0]] != '\r' || buf[pos[0] + 1] != '\n') {
                return new Malformed("chunk data not followed by CRLF");
            }
            pos[0] += 2;
        }
    }

    /**
     * The next line without its CRLF, advancing {@code pos}; {@code null} when no CRLF has arrived;
     * a string starting with {@code !} when the line holds a bare CR or LF (a reason follows).
     */
    private static String line(byte[] buf, int[] pos, int end) {
        for (int i = pos[0]; i < end; i++) {
            byte b = buf[i];
            if (b == '\n') {
                return "!bare LF";
            }
            if (b == '\r') {
                if (i + 1 >= end) {
                    return null;
                }
                if (buf[i + 1] != '\n') {
                    return "!bare CR";
                }
                String s = new String(buf, pos[0], i - pos[0], StandardCharsets.ISO_8859_1);
                pos[0] = i + 2;
                return s;
            }
            if (i - pos[0] > MAX_HEAD) {
                return "!line too long";
            }
        }
        return null;
    }

    private static String requestLineProblem(String l) {
        String[] parts = l.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !parts[0].chars().allMatch(StrictHttpParser::isTchar)) {
            return "bad request line";
        }
        if (parts[1].isEmpty() || !parts[1].chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            return "bad request target";
        }
        return parts[2].equals("HTTP/1.1") ? null : "not HTTP/1.1";
    }

    private static String statusLineProblem(String l) {
        if (l.length() < 12
                || !l.startsWith("HTTP/1.")
                || (l.charAt(7) != '0' && l.charAt(7) != '1')
                || l.charAt(8) != ' '
                || !l.substring(9, 12).chars().allMatch(c -> c >= '0' && c <= '9')
                || (l.length() > 12 && l.charAt(12) != ' ')) {
            return "bad status line";
        }
        return l.chars().allMatch(c -> c == '\t' || (c >= 0x20 && c != 0x7f))
                ? null
                : "control character in status line";
    }

    private static Field field(String l) {
        int colon = l.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        String name = l.substring(0, colon);
        if (!name.chars().allMatch(StrictHttpParser::isTchar)) {
            return null;
        }
        String value = l.substring(colon + 1);
        if (!value.chars().allMatch(c -> c == '\t' || (c >= 0x20 && c != 0x7f))) {
            return null;
        }
        return new Field(name, value.strip());
    }

    /** The single value of {@code name}; {@code null} when absent, {@code "!"} when repeated. */
    private static String only(List<Field> fields, String name) {
        String found = null;
        for (Field f : fields) {
            if (f.name().toLowerCase(Locale.ROOT).equals(name)) {
                if (found != null) {
                    return "!";
                }
                found = f.value();
            }
        }
        return found;
    }

    private static boolean validExtensions(String s) {
        // (";" token ["=" (token / quoted-string)])*
        int i = 0;
        while (i < s.length()) {
            if (s.charAt(i++) != ';') {
                return false;
            }
            int n = i;
            while (i < s.length() && isTchar(s.charAt(i))) {
                i++;
            }
            if (i == n) {
                return false;
            }
            if (i < s.length() && s.charAt(i) == '=') {
                i++;
                if (i < s.length() && s.charAt(i) == '"') {
                    i++;
                    while (i < s.length() && s.charAt(i) != '"') {
                        char c = s.charAt(i);
                        if (c == '\\') {
                            i++;
                        } else if (c < 0x20 && c != '\t') {
                            return false;
                        }
                        i++;
                    }
                    if (i >= s.length()) {
                        return false;
                    }
                    i++;
                } else {
                    int v = i;
                    while (i < s.length() && isTchar(s.charAt(i))) {
                        i++;
                    }
                    if (i == v) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static boolean isTchar(int c) {
        return (c >= '0' && c <= '9')
                || (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
