package io.proxybench.origin.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.TimeUnit;

/** Sends a body in small pieces spread over about a second, each piece scheduled on the connection's loop. */
final class SlowBodySender implements Runnable {

    static final long SPREAD_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final int MAX_PIECES = 10;

    private final ChannelHandlerContext ctx;
    private final PayloadBuffers payloads;
    private final long size;
    private final boolean closeAfter;
    private final Runnable onDone;
    private final int pieces;
    private final long intervalNanos;
    private int sent;

    SlowBodySender(ChannelHandlerContext ctx, PayloadBuffers payloads, long size, boolean closeAfter, Runnable onDone) {
        this.ctx = ctx;
        this.payloads = payloads;
        this.size = size;
        this.closeAfter = closeAfter;
        this.onDone = onDone;
        this.pieces = (int) Math.max(1, Math.min(MAX_PIECES, size));
        this.intervalNanos = SPREAD_NANOS / pieces;
    }

    void start() {
        ctx.executor().schedule(this, intervalNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void run() {
        if (!ctx.channel().isActive()) {
            return;
        }
        long from = size * sent / pieces;
        sent++;
        long to = size * sent / pieces;
        boolean last = sent == pieces;
        ChannelPromise promise = last && closeAfter ? ctx.newPromise() : ctx.voidPromise();
        payloads.writeRange(ctx, from, to, last, promise);
        ctx.flush();
        if (!last) {
            ctx.executor().schedule(this, intervalNanos, TimeUnit.NANOSECONDS);
            return;
        }
        if (closeAfter) {
            promise.addListener(ChannelFutureListener.CLOSE);
        }
        onDone.run();
    }
}
