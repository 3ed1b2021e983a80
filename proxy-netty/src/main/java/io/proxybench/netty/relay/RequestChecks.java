package io.proxybench.netty.relay;

import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.proxybench.core.http.HopByHopHeaders;
import io.proxybench.core.http.ProxyError;
import java.util.Iterator;
import java.util.List;

/** The judgments on a client request that do not depend on any exchange state. */
final class RequestChecks {

    private RequestChecks() {}

    /**
     * Maps why the decoder rejected a request to the shared answer. Netty 4.2's decoder rejects
     * Content-Length next to Transfer-Encoding itself (before it could drop either), which is how
     * smuggling attempts are told apart.
     */
    static ProxyError decoderError(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return ProxyError.URI_TOO_LONG;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return ProxyError.HEADER_TOO_LARGE;
        }
        if (cause instanceof ContentLengthNotAllowedException) {
            return ProxyError.REQUEST_SMUGGLING;
        }
        return ProxyError.BAD_REQUEST;
    }

    /**
     * What frames or routes the request, judged before anything is forwarded; {@code null} when it
     * is sound. Refused: a version other than 1.x (505); a Transfer-Encoding other than one plain
     * {@code chunked}, or any on HTTP/1.0 (RFC 9112 §6.1, §6.3); Content-Length, Transfer-Encoding or
     * Host named in {@code Connection} (stripping them would forward the body unframed).
     */
    static ProxyError framingError(HttpRequest request) {
        if (request.protocolVersion().majorVersion() != 1) {
            return ProxyError.VERSION_NOT_SUPPORTED;
        }
        HttpHeaders h = request.headers();
        // getAll builds a list view and its iterator even for an absent header: look first.
        if (h.contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            List<String> te = h.getAll(HttpHeaderNames.TRANSFER_ENCODING);
            if (te.size() > 1
                    || !te.get(0).trim().equalsIgnoreCase("chunked")
                    || request.protocolVersion().minorVersion() == 0) {
                return ProxyError.BAD_REQUEST;
            }
        }
        if (h.contains(HttpHeaderNames.CONNECTION)) {
            for (String connection : h.getAll(HttpHeaderNames.CONNECTION)) {
                for (String token : connection.split(",")) {
                    if (HopByHopHeaders.isFramingOrRouting(token.trim())) {
                        return ProxyError.BAD_REQUEST;
                    }
                }
            }
        }
        return null;
    }

    /** RFC 9110 §2.5: a higher minor version of HTTP/1 is served as the highest this proxy speaks, 1.1. */
    static void serveHigherMinorAs11(HttpRequest request) {
        HttpVersion v = request.protocolVersion();
        if (v.majorVersion() == 1 && v.minorVersion() > 1) {
            request.setProtocolVersion(HttpVersion.HTTP_1_1);
        }
    }

    /** RFC 9112 §3.2: an HTTP/1.1 request carries exactly one Host; no request carries two. */
    static boolean hasValidHost(HttpRequest request) {
        Iterator<String> hosts = request.headers().valueStringIterator(HttpHeaderNames.HOST);
        if (!hosts.hasNext()) {
            return request.protocolVersion().compareTo(HttpVersion.HTTP_1_1) < 0;
        }
        hosts.next();
        return !hosts.hasNext();
    }
}
