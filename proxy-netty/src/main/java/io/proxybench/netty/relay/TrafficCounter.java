package io.proxybench.netty.relay;

import com.codahale.metrics.Counter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * Counts the bytes clients send and receive, at the socket end of the pipeline. Being the one
 * handler that sees raw bytes before the decoder, it also tells the connection's
 * {@link ClientTimeouts} when bytes arrive, which starts the clock of a request head.
 */
@ChannelHandler.Sharable
final class TrafficCounter extends ChannelDuplexHandler {

    private final Counter in;
    private final Counter out;

    TrafficCounter(Counter in, Counter out) {
        this.in = in;
        this.out = out;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            in.inc(buf.readableBytes());
            if (ctx.pipeline().last() instanceof ClientConnectionHandler conn) {
                conn.timeouts.bytesArrived();
            }
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            out.inc(buf.readableBytes());
        } else if (msg instanceof ByteBufHolder holder) {
            out.inc(holder.content().readableBytes());
        }
        ctx.write(msg, promise);
    }
}
