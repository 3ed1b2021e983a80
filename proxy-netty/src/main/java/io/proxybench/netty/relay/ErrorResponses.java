package io.proxybench.netty.relay;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.http.ProxyError;
import java.util.EnumMap;
import java.util.Map;

/** The responses the proxy makes up itself: errors (short text bodies) and filter short-circuits. */
final class ErrorResponses {

    private static final Map<ProxyError, byte[]> BODIES = new EnumMap<>(ProxyError.class);

    static {
        for (ProxyError e : ProxyError.values()) {
            BODIES.put(e, e.body());
        }
    }

    private ErrorResponses() {}

    static FullHttpResponse error(ProxyError error, boolean close) {
        byte[] body = BODIES.get(error);
        FullHttpResponse r = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(error.status()), Unpooled.wrappedBuffer(body));
        HttpHeaders h = r.headers();
        h.set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=us-ascii");
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        if (close) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return r;
    }

    static FullHttpResponse shortCircuit(FilterOutcome outcome, boolean close) {
        FullHttpResponse r = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(outcome.status()),
                Unpooled.wrappedBuffer(outcome.body()));
        HttpHeaders h = r.headers();
        for (String name : outcome.headers().names()) {
            for (String value : outcome.headers().getAll(name)) {
                h.add(name, value);
            }
        }
        h.remove(HttpHeaderNames.TRANSFER_ENCODING);
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, outcome.body().length);
        if (close) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return r;
    }
}
