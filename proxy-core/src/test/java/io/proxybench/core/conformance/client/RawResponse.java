package io.proxybench.core.conformance.client;

import io.proxybench.core.http.MapHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * One response as read off the wire.
 *
 * @param complete false when the connection ended before the body its framing announced
 *                 (short of Content-Length, or no last chunk)
 */
public record RawResponse(
        String version, int status, String reason, MapHeaders headers, byte[] body, boolean complete) {

    public String header(String name) {
        return headers.get(name);
    }

    public List<String> headerValues(String name) {
        return headers.getAll(name);
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public boolean isChunked() {
        String te = headers.get("Transfer-Encoding");
        return te != null && te.toLowerCase(Locale.ROOT).contains("chunked");
    }

    /** The declared Content-Length, or -1. */
    public long contentLength() {
        String cl = headers.get("Content-Length");
        return cl == null ? -1 : Long.parseLong(cl.trim());
    }

    /** True when the server announced it closes the connection after this response. */
    public boolean announcesClose() {
        for (String v : headers.getAll("Connection")) {
            for (String token : v.split(",")) {
                if (token.trim().equalsIgnoreCase("close")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Status line, headers, and the body when it is short text (error answers are). */
    @Override
    public String toString() {
        String text = "";
        if (body.length > 0 && body.length <= 200) {
            String b = new String(body, StandardCharsets.UTF_8);
            if (b.chars().allMatch(c -> c >= 0x20 && c < 0x7f || c == '\n' || c == '\r' || c == '\t')) {
                text = "\n" + b.strip();
            }
        }
        return version + " " + status + " " + reason + " (" + body.length + " body bytes"
                + (complete ? "" : ", truncated") + ")\n" + headers + text;
    }
}
