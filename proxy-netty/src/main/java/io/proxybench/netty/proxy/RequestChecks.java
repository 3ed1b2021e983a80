package io.proxybench.netty.proxy;

import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.proxybench.core.http.ProxyError;

import java.util.Iterator;

/** The judgments on a client request that do not depend on any exchange state. */
final class RequestChecks {

    private RequestChecks() {
    }

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
