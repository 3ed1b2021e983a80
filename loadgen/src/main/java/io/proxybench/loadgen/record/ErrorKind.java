package io.proxybench.loadgen.record;

import java.util.Locale;

/** Failed requests by kind, as wrk counts them. */
public enum ErrorKind {
    /** The connection could not be opened (refused, unreachable, connect timeout). */
    CONNECT,
    /** The connection broke or sent something that is not a response while a request was out. */
    READ,
    /** The request could not be written. */
    WRITE,
    /** A complete response with status 400 or more (also counted as a request, like wrk). */
    STATUS,
    /** No complete response within the request timeout; the connection is closed and reopened. */
    TIMEOUT;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
