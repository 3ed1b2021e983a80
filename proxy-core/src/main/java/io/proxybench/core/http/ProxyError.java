package io.proxybench.core.http;

/**
 * Every way a proxied exchange can fail, with the status both front ends answer and the metric it
 * counts under. Keeping the mapping here is what makes the two front ends interchangeable.
 */
public enum ProxyError {
    NO_ROUTE(404, "no route", "noRoute"),
    BAD_REQUEST(400, "bad request", "badRequest"),
    REQUEST_SMUGGLING(400, "bad request: both Content-Length and Transfer-Encoding", "badRequest"),
    HEADER_TOO_LARGE(431, "request header fields too large", "headerTooLarge"),
    URI_TOO_LONG(414, "request line too long", "badRequest"),
    VERSION_NOT_SUPPORTED(505, "HTTP version not supported", "badRequest"),
    CONNECT(502, "origin connect failed", "connect"),
    RESET(502, "origin connection reset", "reset"),
    ORIGIN_PROTOCOL(502, "origin sent an invalid response", "originProtocol"),
    TIMEOUT(504, "origin timed out", "timeout"),
    POOL_EXHAUSTED(503, "no origin connection available", "poolExhausted"),
    FILTER(500, "filter failed", "filter"),
    SHUTTING_DOWN(503, "shutting down", "shuttingDown"),
    CLIENT_ABORT(0, "client went away", "clientAbort"),
    CLIENT_TIMEOUT(408, "request timeout", "clientTimeout");

    private final int status;
    private final String message;
    private final String metricSuffix;

    ProxyError(int status, String message, String metricSuffix) {
        this.status = status;
        this.message = message;
        this.metricSuffix = metricSuffix;
    }

    /** The HTTP status to answer with; 0 when there is nobody left to answer. */
    public int status() {
        return status;
    }

    /** The short text body of the error response (a line, newline-terminated when rendered). */
    public String message() {
        return message;
    }

    /** Body bytes: the message and a newline, ASCII. */
    public byte[] body() {
        return (message + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    public String metricName() {
        return "proxy.errors." + metricSuffix;
    }
}
