package io.proxybench.netty.relay;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * Two client deadlines on one timer per connection, with no per-request scheduling:
 * <ul>
 *   <li>request head: from the first byte of a request (or the connection's start) the complete
 *       head must arrive within {@code client.requestReadTimeout}, else {@link #HEAD_TIMEOUT};</li>
 *   <li>idle: a keep-alive connection with no request for {@code client.idleTimeout} gets
 *       {@link #IDLE}.</li>
 * </ul>
 * Sits before the HTTP decoder so that it sees the first raw bytes of a request. The connection
 * handler reports when a head was decoded and when a request ended. Loop-confined.
 */
final class ClientTimeouts extends ChannelInboundHandlerAdapter {

    static final Object HEAD_TIMEOUT = new Object() {
        @Override
        public String toString() {
            return "request head timeout";
        }
    };
    static final Object IDLE = new Object() {
        @Override
        public String toString() {
            return "client idle";
        }
    };

    private final long headTimeoutNanos;
    private final long idleTimeoutNanos;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> timer;
    /** 0 while no request head is being received. */
    private long headStartNanos;
    private long lastExchangeEndNanos;
    private boolean inExchange;

    ClientTimeouts(long headTimeoutNanos, long idleTimeoutNanos) {
        this.headTimeoutNanos = headTimeoutNanos;
        this.idleTimeoutNanos = idleTimeoutNanos;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        // Like a web server's header timeout, the clock for the first request starts at connect.
        headStartNanos = System.nanoTime();
        schedule(headTimeoutNanos);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (headStartNanos == 0 && !inExchange && msg instanceof ByteBuf) {
            headStartNanos = System.nanoTime();
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        super.channelInactive(ctx);
    }

    /** A complete request head was decoded: its request runs now. */
    void headReceived() {
        headStartNanos = 0;
        inExchange = true;
    }

    /** The response was written; the connection waits for the next request. */
    void requestEnded() {
        inExchange = false;
        lastExchangeEndNanos = System.nanoTime();
    }

    private void check() {
        timer = null;
        if (!ctx.channel().isActive()) {
            return;
        }
        long now = System.nanoTime();
        if (inExchange) {
            schedule(Math.min(headTimeoutNanos, idleTimeoutNanos));
        } else if (headStartNanos != 0) {
            long left = headStartNanos + headTimeoutNanos - now;
            if (left <= 0) {
                ctx.fireUserEventTriggered(HEAD_TIMEOUT);
            } else {
                schedule(left);
            }
        } else {
            long left = lastExchangeEndNanos + idleTimeoutNanos - now;
            if (left <= 0) {
                ctx.fireUserEventTriggered(IDLE);
            } else {
                // Bytes of a new head may arrive any time: wake no later than a head timeout would need.
                schedule(Math.min(left, headTimeoutNanos));
            }
        }
    }

    private void schedule(long delayNanos) {
        timer = ctx.executor().schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
    }
}
