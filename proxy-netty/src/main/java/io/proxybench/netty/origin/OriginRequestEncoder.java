package io.proxybench.netty.origin;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.proxybench.netty.http.HeaderLines;
import java.util.List;
import java.util.Queue;

/**
 * Netty's request encoder, noting each request's method for {@link OriginResponseDecoder} and
 * writing compact headers by position ({@link HeaderLines}).
 */
final class OriginRequestEncoder extends HttpRequestEncoder {

    private final Queue<HttpMethod> awaiting;

    OriginRequestEncoder(Queue<HttpMethod> awaiting) {
        this.awaiting = awaiting;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) throws Exception {
        if (msg instanceof HttpRequest request) {
            awaiting.add(request.method());
        }
        super.encode(ctx, msg, out);
    }

    @Override
    protected void encodeHeaders(HttpHeaders headers, ByteBuf buf) {
        if (!HeaderLines.write(headers, buf)) {
            super.encodeHeaders(headers, buf);
        }
    }
}
