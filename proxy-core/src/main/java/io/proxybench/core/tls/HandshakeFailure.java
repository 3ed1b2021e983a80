package io.proxybench.core.tls;

import io.proxybench.core.metrics.MetricNames;
import java.io.EOFException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;

/**
 * Why a client's TLS handshake failed, as far as the server can tell, each counted under
 * {@code proxy.tls.handshakes.failed.<name>}. The engines (JDK, OpenSSL, BoringSSL) report these only
 * as exception types and message texts, so {@link #of} reads both.
 */
public enum HandshakeFailure {
    /** The client did not finish within {@code tls.handshakeTimeout}. */
    TIMEOUT("timeout"),
    /** What the client sent is not TLS, e.g. plain HTTP on the TLS port. */
    NOT_TLS("notTls"),
    /** The client offered only protocol versions the server does not accept (e.g. TLS 1.0 or 1.1). */
    PROTOCOL_VERSION("protocolVersion"),
    /** The client offered no cipher suite the server accepts. */
    NO_SHARED_CIPHER("noSharedCipher"),
    /** The client closed (or the connection broke) before the handshake was done, e.g. a cut-short hello. */
    CLOSED_EARLY("closedEarly"),
    /** Anything else the engine refused. */
    OTHER("other");

    private final String metricSuffix;

    HandshakeFailure(String metricSuffix) {
        this.metricSuffix = metricSuffix;
    }

    public String metricName() {
        return MetricNames.TLS_HANDSHAKES_FAILED_PREFIX + metricSuffix;
    }

    /** The reason {@code cause} (or one of its causes) names; {@link #OTHER} when none does. */
    public static HandshakeFailure of(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            HandshakeFailure found = ofOne(t);
            if (found != null) {
                return found;
            }
        }
        return OTHER;
    }

    private static HandshakeFailure ofOne(Throwable t) {
        String type = t.getClass().getSimpleName();
        String text = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
        if (type.equals("SslHandshakeTimeoutException") || text.contains("handshake timed out")) {
            return TIMEOUT;
        }
        if (type.equals("NotSslRecordException")
                || text.contains("not an ssl/tls record")
                || text.contains("plaintext connection")
                || text.contains("http_request")) {
            return NOT_TLS;
        }
        if (text.contains("no cipher suites in common")
                || text.contains("no_shared_cipher")
                || text.contains("no shared cipher")) {
            return NO_SHARED_CIPHER;
        }
        if (text.contains("protocol version")
                || text.contains("unsupported_protocol")
                || text.contains("unsupported protocol")
                || text.contains("not enabled or supported")
                || text.contains("wrong_version_number")) {
            return PROTOCOL_VERSION;
        }
        if (t instanceof ClosedChannelException
                || t instanceof EOFException
                || text.contains("closed already")
                || text.contains("inbound closed")
                || text.contains("connection closed")
                || text.contains("terminated the handshake")
                || text.contains("connection reset")
                || text.contains("broken pipe")) {
            return CLOSED_EARLY;
        }
        return null;
    }
}
