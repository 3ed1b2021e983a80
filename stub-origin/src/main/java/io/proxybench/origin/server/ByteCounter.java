package io.proxybench.origin.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/** Counts raw bytes next to the socket, below the HTTP codec. */
@ChannelHandler.Sharable
final class ByteCounter extends ChannelDuplexHandler {

    private final OriginCounters counters;

    ByteCounter(OriginCounters counters) {
        this.counters = counters;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf) {
            counters.bytesIn.add(((ByteBuf) msg).readableBytes());
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf) {
            counters.bytesOut.add(((ByteBuf) msg).readableBytes());
        }
        ctx.write(msg, promise);
    }
}
