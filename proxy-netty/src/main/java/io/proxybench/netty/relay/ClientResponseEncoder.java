package io.proxybench.netty.relay;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpStatusClass;
import java.util.List;

/**
 * Netty's response encoder for a client connection, told by the connection which request it is
 * answering: a response to HEAD is written without a body whatever its head announces, so a
 * chunked one gets no terminating chunk. It also counts the response body bytes clients are sent
 * (what the encoder writes of a body: nothing for an answer without one, no chunk framing).
 *
 * <p>It takes the place of {@code HttpServerCodec}, which pairs responses with requests through
 * a queue of methods: here responses are written one request at a time, so the connection's
 * current request is the one answered. Without the codec's wrapper (and the two contexts it
 * delegates through) an idle connection holds three objects fewer, and with the bytes counted
 * here and in {@link ClientRequestDecoder} a read and a write pass one handler fewer.
 */
final class ClientResponseEncoder extends HttpResponseEncoder {

    private final ClientConnectionHandler client;
    /** Whether the response being encoded goes without a body, so its content is not written. */
    private boolean bodyless;

    ClientResponseEncoder(ClientConnectionHandler client) {
        this.client = client;
    }

    @Override
    protected boolean isContentAlwaysEmpty(HttpResponse msg) {
        // An interim response (100 Continue) answers nothing yet; the final one to a HEAD has no body.
        if (msg.status().codeClass() != HttpStatusClass.INFORMATIONAL && client.answeringHead()) {
            return true;
        }
        return super.isContentAlwaysEmpty(msg);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) throws Exception {
        if (msg instanceof HttpResponse head) {
            bodyless = isContentAlwaysEmpty(head);
        }
        // Read before encoding: the encoder releases what it is handed.
        int body = !bodyless && msg instanceof HttpContent content
                ? content.content().readableBytes()
                : 0;
        super.encode(ctx, msg, out);
        if (body > 0) {
            client.proxy.metrics.bytesOut().inc(body);
        }
    }
}
