package io.proxybench.gatling.report;

import java.util.Locale;

/**
 * Gatling's failure messages sorted into the kinds wrk counts, so that both generators fill the same
 * error columns. Gatling reports a failure as text only; the patterns are those of its HTTP client
 * and its status check.
 */
public enum ErrorKind {
    /** The TCP connection could not be opened (refused, no port left, connect timeout). */
    CONNECT,
    /** The connection failed while the answer was awaited or read (reset, premature close, bad answer). */
    READ,
    /** The request could not be written (broken pipe). */
    WRITE,
    /** An answer came, but not 200. */
    STATUS,
    /** No answer within the request timeout. */
    TIMEOUT;

    public static ErrorKind of(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.startsWith("status.")) {
            return STATUS;
        }
        if (m.contains("connectexception")
                || m.contains("connection refused")
                || m.contains("connecttimeoutexception")
                || m.contains("connection timed out")
                || m.contains("cannot assign requested address")
                || m.contains("no route to host")) {
            return CONNECT;
        }
        if (m.contains("request timeout") || m.contains("timeoutexception")) {
            return TIMEOUT;
        }
        if (m.contains("broken pipe")) {
            return WRITE;
        }
        return READ;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
