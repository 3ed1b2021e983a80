package io.proxybench.origin.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;

/**
 * Sits on the listening channel and sees each accepted connection before it is set up: counts it,
 * remembers it for draining, and closes it at once when the connection limit is reached.
 */
@ChannelHandler.Sharable
final class ConnectionAdmission extends ChannelInboundHandlerAdapter {

    private final OriginCounters counters;
    private final ChannelGroup open;
    private final int maxConnections;

    ConnectionAdmission(OriginCounters counters, ChannelGroup open, int maxConnections) {
        this.counters = counters;
        this.open = open;
        this.maxConnections = maxConnections;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Channel child = (Channel) msg;
        // Accepts happen on the single loop of the listening channel, so check-then-increment cannot race
        // with another accept; closes only lower the count.
        if (maxConnections > 0 && counters.activeConnections.get() >= maxConnections) {
            counters.rejectedConnections.increment();
            child.unsafe().closeForcibly();
            return;
        }
        counters.activeConnections.incrementAndGet();
        counters.totalConnections.increment();
        child.closeFuture().addListener(f -> counters.activeConnections.decrementAndGet());
        open.add(child);
        ctx.fireChannelRead(child);
    }
}
