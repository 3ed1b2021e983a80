package io.proxybench.netty.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words nearly every response head repeats (the version, status codes, reason phrases and
 * common header names) as shared objects, so decoding a head does not copy them into new strings
 * each time. A word is shared only when its bytes match exactly, case included, so what the
 * client receives is byte for byte what it would be with fresh copies; anything else is left to
 * the decoder to copy.
 */
public final class ResponseHeadWords {

    private static final String HTTP_1_1 = "HTTP/1.1";
    private static final String HTTP_1_0 = "HTTP/1.0";
    private static final String[] STATUS_CODES = new String[600];
    /** Candidates by length. */
    private static final CharSequence[][] REASONS = byLength(reasons());

    private static final CharSequence[][] NAMES = byLength(names());

    static {
        for (int code = 100; code < STATUS_CODES.length; code++) {
            STATUS_CODES[code] = Integer.toString(code);
        }
    }

    private ResponseHeadWords() {}

    /** The shared version string, or {@code null}. */
    public static String version(byte[] b, int start, int length) {
        if (length == 8 && matches(HTTP_1_1, b, start)) {
            return HTTP_1_1;
        }
        return length == 8 && matches(HTTP_1_0, b, start) ? HTTP_1_0 : null;
    }

    /** The shared text of a three-digit status code, or {@code null}. */
    public static String statusCode(byte[] b, int start, int length) {
        if (length != 3) {
            return null;
        }
        int code = 0;
        for (int i = start; i < start + 3; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return null;
            }
            code = code * 10 + (b[i] - '0');
        }
        return code >= 100 ? STATUS_CODES[code] : null;
    }

    /** The standard reason phrase these bytes spell, or {@code null}. */
    public static String reason(byte[] b, int start, int length) {
        if (length < REASONS.length) {
            for (CharSequence reason : REASONS[length]) {
                if (matches(reason, b, start)) {
                    return (String) reason;
                }
            }
        }
        return null;
    }

    /** The shared header name these bytes spell, or {@code null}. */
    public static AsciiString name(byte[] b, int start, int length) {
        if (length < NAMES.length) {
            for (CharSequence name : NAMES[length]) {
                if (matches(name, b, start)) {
                    return (AsciiString) name;
                }
            }
        }
        return null;
    }

    private static boolean matches(CharSequence word, byte[] b, int start) {
        for (int i = word.length() - 1; i >= 0; i--) {
            if (b[start + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The reason phrases of Netty's status constants, which then resolve to those constants. */
    private static List<String> reasons() {
        List<String> out = new ArrayList<>();
        for (int code = 100; code < 600; code++) {
            HttpResponseStatus status = HttpResponseStatus.valueOf(code);
            if (status == HttpResponseStatus.valueOf(code)) { // a constant, not made for this call
                out.add(status.reasonPhrase());
            }
        }
        return out;
    }

    private static List<AsciiString> names() {
        String[] canonical = {
            "Accept-Ranges",
            "Age",
            "Cache-Control",
            "Connection",
            "Content-Encoding",
            "Content-Length",
            "Content-Type",
            "Date",
            "ETag",
            "Expires",
            "Keep-Alive",
            "Last-Modified",
            "Location",
            "Server",
            "Set-Cookie",
            "Transfer-Encoding",
            "Vary",
            "Via",
            "X-Request-Id"
        };
        List<AsciiString> out = new ArrayList<>();
        for (String name : canonical) {
            out.add(AsciiString.cached(name));
            out.add(AsciiString.cached(name.toLowerCase(Locale.ROOT)));
        }
        return out;
    }

    private static CharSequence[][] byLength(List<? extends CharSequence> words) {
        int longest = words.stream().mapToInt(CharSequence::length).max().orElse(0);
        CharSequence[][] table = new CharSequence[longest + 1][];
        for (int length = 0; length <= longest; length++) {
            int l = length;
            table[length] = words.stream().filter(w -> w.length() == l).toArray(CharSequence[]::new);
        }
        return table;
    }
}
