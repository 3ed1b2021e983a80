package io.proxybench.netty.relay;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.proxybench.core.http.ForwardedHeaders;
import io.proxybench.core.http.HopByHopHeaders;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.netty.http.NettyHeaders;

/**
 * What changes in a message as it crosses the proxy, in place on Netty's own objects: hop-by-hop
 * headers go (proxy-core's {@link HopByHopHeaders}), forwarding headers come (the rules of
 * proxy-core's {@link ForwardedHeaders}, applied here with header names and {@code Via} entries
 * made once, not per message), and each hop gets framing and connection headers of its own.
 */
final class HeaderRewriting {

    // Spelled as ForwardedHeaders spells them, so the bytes on the wire are the same.
    private static final AsciiString X_FORWARDED_FOR = AsciiString.cached("X-Forwarded-For");
    private static final AsciiString X_FORWARDED_PROTO = AsciiString.cached("X-Forwarded-Proto");
    private static final AsciiString X_FORWARDED_HOST = AsciiString.cached("X-Forwarded-Host");
    private static final AsciiString VIA = AsciiString.cached("Via");

    private HeaderRewriting() {}

    /**
     * Turns the client's request into the origin's: HTTP/1.1, keep-alive, chunked framing kept when
     * the client chunked, a Host when the client (HTTP/1.0) sent none, X-Forwarded-* and Via.
     */
    static void forOrigin(
            HttpRequest request,
            HttpVersion clientVersion,
            String uri,
            OriginAddress origin,
            String clientIp,
            String scheme,
            ViaTexts via) {
        HttpHeaders h = request.headers();
        boolean chunked = h.containsValue(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED, true);
        stripHopByHop(h);
        if (chunked) {
            h.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        if (!h.contains(HttpHeaderNames.HOST)) {
            h.set(HttpHeaderNames.HOST, origin.authority());
        }
        forwarded(h, clientIp, scheme, via.forVersion(clientVersion));
        request.setUri(uri);
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
    }

    /**
     * Turns the origin's response head into the client's and says whether the client connection
     * must close after it: when asked to ({@code close}), or when an HTTP/1.0 client gets a body
     * of unknown length, whose end only the close can tell.
     *
     * @param bodyless     the response has no body whatever its headers say (HEAD, 1xx, 204, 304)
     * @param originChunked the origin chunked its body (read before hop-by-hop headers went)
     */
    static boolean forClient(
            HttpResponse response,
            HttpVersion clientVersion,
            boolean bodyless,
            boolean originChunked,
            boolean close,
            ViaTexts via) {
        HttpHeaders h = response.headers();
        stripHopByHop(h);
        if (!h.contains(HttpHeaderNames.CONTENT_LENGTH) && (originChunked || !bodyless)) {
            if (clientVersion.compareTo(HttpVersion.HTTP_1_1) < 0) {
                close = true;
            } else {
                h.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            }
        }
        addVia(h, via.http11());
        if (close) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (!clientVersion.isKeepAliveDefault()) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
        return close;
    }

    /** {@link HopByHopHeaders#strip}, seen through the filter API only when a message carries one. */
    private static void stripHopByHop(HttpHeaders h) {
        if (NettyHeaders.mayCarryHopByHop(h)) {
            HopByHopHeaders.strip(new NettyHeaders(h));
        }
    }

    /** {@link ForwardedHeaders#apply}: the client's address, scheme and host for the origin, and this hop in Via. */
    private static void forwarded(HttpHeaders h, String clientIp, String scheme, String via) {
        String prior = h.get(X_FORWARDED_FOR);
        h.set(X_FORWARDED_FOR, prior == null || prior.isBlank() ? clientIp : prior + ", " + clientIp);
        if (!h.contains(X_FORWARDED_PROTO)) {
            h.set(X_FORWARDED_PROTO, scheme);
        }
        String host = h.get(HttpHeaderNames.HOST);
        if (host != null && !h.contains(X_FORWARDED_HOST)) {
            h.set(X_FORWARDED_HOST, host);
        }
        addVia(h, via);
    }

    /** {@link ForwardedHeaders#addVia}: this hop appended to Via. */
    private static void addVia(HttpHeaders h, String via) {
        String prior = h.get(VIA);
        h.set(VIA, prior == null || prior.isBlank() ? via : prior + ", " + via);
    }
}
