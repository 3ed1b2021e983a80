package io.proxybench.netty.relay;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.util.List;

/** The judgments on an origin's response head that decide whether it may be forwarded at all. */
final class ResponseChecks {

    private ResponseChecks() {}

    /**
     * False when the body's end cannot be told for sure: a Transfer-Encoding other than one plain
     * {@code chunked} (RFC 9112 §6.3 would make it close-delimited, whatever Content-Length says),
     * or chunked next to a Content-Length. Forwarding such a response lets the client and the
     * proxy disagree about where it ends; the proxy answers 502 and drops the connection instead.
     */
    static boolean framedSoundly(HttpResponse response) {
        if (!response.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            return true; // the common case, without the list view getAll would build
        }
        List<String> te = response.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
        return te.size() == 1
                && te.get(0).trim().equalsIgnoreCase("chunked")
                && !response.headers().contains(HttpHeaderNames.CONTENT_LENGTH);
    }
}
