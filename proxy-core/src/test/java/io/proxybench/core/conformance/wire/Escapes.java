package io.proxybench.core.conformance.wire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Bytes as one line of printable ASCII and back: {@code \r}, {@code \n}, {@code \t}, {@code \\},
 * {@code \xHH} for the rest. What a failing case prints is what a corpus line holds and what
 * {@link #unescape} turns back into the same bytes.
 */
public final class Escapes {

    private Escapes() {}

    public static String escape(byte[] bytes) {
        return escape(bytes, Integer.MAX_VALUE);
    }

    /** At most {@code max} bytes, with a note of how many were left out. */
    public static String escape(byte[] bytes, int max) {
        StringBuilder sb = new StringBuilder(Math.min(bytes.length, max) + 16);
        for (int i = 0; i < bytes.length && i < max; i++) {
            int b = bytes[i] & 0xff;
            switch (b) {
                case '\r' -> sb.append("\\r");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (b >= 0x20 && b < 0x7f) {
                        sb.append((char) b);
                    } else {
                        sb.append(String.format("\\x%02x", b));
                    }
                }
            }
        }
        if (bytes.length > max) {
            sb.append("...(").append(bytes.length - max).append(" more bytes)");
        }
        return sb.toString();
    }

    public static byte[] unescape(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                out.write(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'r' -> out.write('\r');
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case '\\' -> out.write('\\');
                case 'x' -> {
                    out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> throw new IllegalArgumentException("bad escape \\" + e + " at " + i);
            }
        }
        return out.toByteArray();
    }

    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
