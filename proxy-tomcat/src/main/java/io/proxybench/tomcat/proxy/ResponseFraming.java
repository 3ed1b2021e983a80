package io.proxybench.tomcat.proxy;

import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;

/**
 * Whether an origin's response says unambiguously where its body ends. HttpClient is lenient
 * here (a signed Content-Length, Transfer-Encoding values it ignores); a proxy that forwards such
 * a response lets its client and itself disagree about the end, so it answers 502 instead.
 */
final class ResponseFraming {

    private ResponseFraming() {}

    /** Why the framing is ambiguous, or {@code null} when it is sound. */
    static String problem(ClassicHttpResponse response) {
        Header[] te = response.getHeaders("Transfer-Encoding");
        Header[] cl = response.getHeaders("Content-Length");
        if (te.length > 0) {
            if (te.length > 1 || !te[0].getValue().trim().equalsIgnoreCase("chunked")) {
                return "Transfer-Encoding other than chunked";
            }
            return cl.length > 0 ? "both Content-Length and Transfer-Encoding" : null;
        }
        String length = null;
        for (Header h : cl) {
            for (String v : h.getValue().split(",", -1)) {
                String value = v.trim();
                if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    return "Content-Length '" + h.getValue() + "'";
                }
                if (length != null && !length.equals(value)) {
                    return "conflicting Content-Length values";
                }
                length = value;
            }
        }
        return null;
    }
}
