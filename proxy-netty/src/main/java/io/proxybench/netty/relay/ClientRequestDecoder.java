package io.proxybench.netty.relay;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpRequestDecoder;
import java.util.List;

/**
 * Netty's request decoder at the socket end of a client pipeline, also telling the connection's
 * {@link ClientTimeouts} when bytes arrive (which starts the clock of a request head) and counting
 * the request body bytes clients send, as decoded (no chunk framing). Doing both here rather than
 * in a handler of its own saves every idle connection a pipeline entry and every read a hop.
 *
 * <p>How many decoded requests can wait is bounded without a depth limit of its own: the
 * connection handler stops reading once it holds {@code MAX_QUEUED} messages, so one read's
 * worth of requests (the receive buffer, at most 64 KiB) is what can come on top.
 */
final class ClientRequestDecoder extends HttpRequestDecoder {

    private final ClientConnectionHandler client;

    ClientRequestDecoder(HttpDecoderConfig config, ClientConnectionHandler client) {
        super(config);
        this.client = client;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof ByteBuf) {
            client.timeouts.bytesArrived();
        }
        super.channelRead(ctx, msg);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        int from = out.size();
        super.decode(ctx, buffer, out);
        long body = 0;
        for (int i = from; i < out.size(); i++) {
            if (out.get(i) instanceof HttpContent content) {
                body += content.content().readableBytes();
            }
        }
        if (body > 0) {
            client.proxy.metrics.bytesIn().inc(body);
        }
    }
}
