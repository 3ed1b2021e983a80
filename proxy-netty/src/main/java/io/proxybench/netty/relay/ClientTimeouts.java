package io.proxybench.netty.relay;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Two client deadlines per connection, checked by the loop's {@link ClientDeadlines} (no timer of
 * its own, nothing scheduled per request):
 * <ul>
 *   <li>request head: from the first byte of a request (or the connection's start) the complete
 *       head must arrive within {@code client.requestReadTimeout}, else {@link #HEAD_TIMEOUT};</li>
 *   <li>idle: a keep-alive connection with no request for {@code client.idleTimeout} gets
 *       {@link #IDLE}.</li>
 * </ul>
 * Either event is sent once; the connection then leaves the check. Sits before the HTTP decoder
 * so that it sees the first raw bytes of a request. The connection handler reports when a head
 * was decoded and when a request ended. Loop-confined.
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

    private final ClientDeadlines deadlines;
    private final long headTimeoutNanos;
    private final long idleTimeoutNanos;
    private ChannelHandlerContext ctx;
    /** Where {@link ClientDeadlines} keeps this connection; -1 when it is not checked. */
    int slot = -1;
    /** 0 while no request head is being received. */
    private long headStartNanos;
    private long lastRequestEndNanos;
    private boolean inRequest;

    ClientTimeouts(ClientDeadlines deadlines, long headTimeoutNanos, long idleTimeoutNanos) {
        this.deadlines = deadlines;
        this.headTimeoutNanos = headTimeoutNanos;
        this.idleTimeoutNanos = idleTimeoutNanos;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        // Like a web server's header timeout, the clock for the first request starts at connect.
        headStartNanos = System.nanoTime();
        deadlines.add(this);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (headStartNanos == 0 && !inRequest && msg instanceof ByteBuf) {
            headStartNanos = System.nanoTime();
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        deadlines.remove(this);
        super.channelInactive(ctx);
    }

    /** A complete request head was decoded: its request runs now. */
    void headReceived() {
        headStartNanos = 0;
        inRequest = true;
    }

    /** The response was written; the connection waits for the next request. */
    void requestEnded() {
        inRequest = false;
        lastRequestEndNanos = System.nanoTime();
    }

    /** Called by {@link ClientDeadlines} once per tick. */
    void check(long now) {
        if (inRequest) {
            return;
        }
        Object event;
        if (headStartNanos != 0) {
            event = now - headStartNanos >= headTimeoutNanos ? HEAD_TIMEOUT : null;
        } else {
            event = now - lastRequestEndNanos >= idleTimeoutNanos ? IDLE : null;
        }
        if (event != null) {
            deadlines.remove(this);
            ctx.fireUserEventTriggered(event);
        }
    }
}
