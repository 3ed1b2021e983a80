package io.proxybench.loadgen.http;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The bytes of the one request a run sends over and over, encoded once: {@code GET path HTTP/1.1},
 * {@code Host}, the user's extra headers and, for churn, {@code Connection: close}.
 */
public final class RequestTemplate {

    private RequestTemplate() {}

    /**
     * @param headers     extra {@code Name: value} lines
     * @param closeAfter  ask the server to close after the answer (a new connection per request)
     * @throws IllegalArgumentException when a header is not {@code Name: value} or holds a line break
     */
    public static byte[] encode(String method, Target target, List<String> headers, boolean closeAfter) {
        StringBuilder b = new StringBuilder(128);
        b.append(method).append(' ').append(target.path()).append(" HTTP/1.1\r\n");
        boolean hostGiven = false;
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0
                    || header.indexOf('\r') >= 0
                    || header.indexOf('\n') >= 0
                    || !header.substring(0, colon).strip().equals(header.substring(0, colon))) {
                throw new IllegalArgumentException("header '" + header + "' is not 'Name: value' on one line");
            }
            String name = header.substring(0, colon).toLowerCase(Locale.ROOT);
            if (name.equals("content-length") || name.equals("transfer-encoding") || name.equals("connection")) {
                throw new IllegalArgumentException("header '" + header.substring(0, colon)
                        + "' is set by the generator itself"
                        + " (requests have no body; use churn mode for Connection: close)");
            }
            hostGiven |= name.equals("host");
            b.append(header.substring(0, colon))
                    .append(": ")
                    .append(header.substring(colon + 1).strip())
                    .append("\r\n");
        }
        if (!hostGiven) {
            b.insert(b.indexOf("\r\n") + 2, "Host: " + target.hostHeader() + "\r\n");
        }
        if (closeAfter) {
            b.append("Connection: close\r\n");
        }
        b.append("\r\n");
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
