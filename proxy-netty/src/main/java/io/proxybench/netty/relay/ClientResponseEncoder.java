package io.proxybench.netty.relay;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpStatusClass;

import java.util.List;

/**
 * Netty's response encoder for a client connection, told by the connection which request it is
 * answering: a response to HEAD is written without a body whatever its head announces, so a
 * chunked one gets no terminating chunk. It also counts the bytes clients are sent.
 *
 * <p>It takes the place of {@code HttpServerCodec}, which pairs responses with requests through
 * a queue of methods: here responses are written one request at a time, so the connection's
 * current request is the one answered. Without the codec's wrapper (and the two contexts it
 * delegates through) an idle connection holds three objects fewer, and with the bytes counted
 * here and in {@link ClientRequestDecoder} a read and a write pass one handler fewer.
 */
final class ClientResponseEncoder extends HttpResponseEncoder {

    private final ClientConnectionHandler conn;

    ClientResponseEncoder(ClientConnectionHandler conn) {
        this.conn = conn;
    }

    @Override
    protected boolean isContentAlwaysEmpty(HttpResponse msg) {
        // An interim response (100 Continue) answers nothing yet; the final one to a HEAD has no body.
        if (msg.status().codeClass() != HttpStatusClass.INFORMATIONAL && conn.answeringHead()) {
            return true;
        }
        return super.isContentAlwaysEmpty(msg);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) throws Exception {
        int from = out.size();
        super.encode(ctx, msg, out);
        long bytes = 0;
        for (int i = from; i < out.size(); i++) {
            Object o = out.get(i);
            if (o instanceof ByteBuf buf) {
                bytes += buf.readableBytes();
            } else if (o instanceof ByteBufHolder holder) {
                bytes += holder.content().readableBytes();
            }
        }
        conn.px.metrics.bytesOut().inc(bytes);
    }
}
