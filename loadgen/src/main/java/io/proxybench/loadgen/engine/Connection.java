package io.proxybench.loadgen.engine;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.loadgen.http.ResponseParser;
import io.proxybench.loadgen.record.ErrorKind;
import java.util.concurrent.TimeUnit;

/**
 * One connection of the load, kept from step to step: it opens a TCP connection, sends the request,
 * reads the answer, and goes again (closed model: at once; open model: at its next intended time;
 * churn: on a new connection). A broken or timed-out connection is counted and reopened.
 *
 * <p>It is also the handler of whichever channel it currently owns. A channel it has let go of may
 * still deliver events (a close in flight), so every event is checked against the current channel;
 * that is why one instance may sit in two pipelines and is marked sharable. Touched by its loop only.
 */
@ChannelHandler.Sharable
final class Connection extends ChannelInboundHandlerAdapter {

    /** Pause before reopening a connection that failed before answering anything, so a dead target is not spun on. */
    static final long RETRY_DELAY_MS = 100;

    private enum State {
        DISCONNECTED,
        CONNECTING,
        IDLE,
        BUSY
    }

    private final LoopWorker worker;
    /** Position in the engine's list: spreads the open model's send times over the connections. */
    final int index;

    private final ResponseParser parser = new ResponseParser();
    private final Runnable sendTask = this::scheduledSend;
    private final Runnable retryTask = this::retry;

    private State state = State.DISCONNECTED;
    private Channel channel;
    private boolean writing;
    private boolean retired;
    private boolean retryPending;
    private boolean sendPending;
    private int answersOnChannel;
    private long sentAt;
    private long intendedAt;
    private long nextIntended;
    /** When the current channel's connect began, in ms: a session older than that was resumed (JDK engine). */
    private long connectStartMillis;

    private final ChannelInitializer<Channel> tlsPipeline = new ChannelInitializer<>() {
        @Override
        protected void initChannel(Channel ch) {
            ch.pipeline().addLast(worker.tls().newHandler(ch.alloc()), Connection.this);
        }
    };

    Connection(LoopWorker worker, int index) {
        this.worker = worker;
        this.index = index;
    }

    /** A step begins; in the open model {@code firstIntended} is this connection's first send time. */
    void begin(long firstIntended) {
        nextIntended = firstIntended;
        kick();
    }

    /** Sends, or connects first, when a step is on. */
    void kick() {
        if (retired || !worker.active()) {
            return;
        }
        if (state == State.IDLE) {
            trySend();
        } else if (state == State.DISCONNECTED && !retryPending) {
            connect();
        }
    }

    boolean busy() {
        return state == State.BUSY;
    }

    /** Open model: intended sends in [next, end) that never went out. */
    long unsentBefore(long endNanos, long intervalNanos) {
        return nextIntended < endNanos ? (endNanos - nextIntended + intervalNanos - 1) / intervalNanos : 0;
    }

    /** Leaves the load for good (a ramp down, or the end). */
    void retire() {
        retired = true;
        drop();
    }

    /** A request still out after the step: given up without counting. */
    void abandon() {
        if (state == State.BUSY) {
            drop();
        }
    }

    private void connect() {
        state = State.CONNECTING;
        answersOnChannel = 0;
        connectStartMillis = System.currentTimeMillis();
        // The bootstrap is this loop's own; handler() is read synchronously inside connect(). Over TLS
        // the request written once connected waits in the SslHandler until the handshake is done.
        ChannelFuture future = worker.bootstrap()
                .handler(worker.tls() == null ? this : tlsPipeline)
                .connect();
        future.addListener(f -> connected(future));
    }

    private void connected(ChannelFuture future) {
        if (!future.isSuccess()) {
            state = State.DISCONNECTED;
            worker.error(ErrorKind.CONNECT);
            retryLater();
            return;
        }
        if (retired) {
            future.channel().close();
            return;
        }
        channel = future.channel();
        state = State.IDLE;
        worker.connectionOpened();
        trySend();
    }

    private void trySend() {
        if (state != State.IDLE || retired || !worker.active()) {
            return;
        }
        long now = System.nanoTime();
        long intended = now;
        if (worker.openModel()) {
            intended = nextIntended;
            if (intended >= worker.endNanos()) {
                return;
            }
            if (intended > now) {
                if (!sendPending) {
                    sendPending = true;
                    channel.eventLoop().schedule(sendTask, intended - now, TimeUnit.NANOSECONDS);
                }
                return;
            }
            nextIntended = intended + worker.intervalNanos();
        }
        parser.reset();
        state = State.BUSY;
        sentAt = now;
        intendedAt = intended;
        writing = true;
        channel.writeAndFlush(worker.request().retainedDuplicate(), channel.voidPromise());
        writing = false;
    }

    private void scheduledSend() {
        sendPending = false;
        trySend();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ByteBuf in = (ByteBuf) msg;
        try {
            if (ctx.channel() != channel) {
                return;
            }
            worker.bytes(in.readableBytes());
            if (state != State.BUSY) {
                failed(ErrorKind.READ);
                return;
            }
            ResponseParser.Result result = parser.feed(in);
            if (result == ResponseParser.Result.COMPLETE) {
                if (in.isReadable()) {
                    failed(ErrorKind.READ);
                } else {
                    answered();
                }
            } else if (result == ResponseParser.Result.INVALID) {
                failed(ErrorKind.READ);
            }
        } finally {
            in.release();
        }
    }

    private void answered() {
        worker.answered(System.nanoTime() - intendedAt, parser.status());
        answersOnChannel++;
        state = State.IDLE;
        if (!parser.keepAlive() || worker.churn()) {
            drop();
            kick();
        } else {
            trySend();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent done && ctx.channel() == channel) {
            if (done.isSuccess()) {
                SslHandler handler = ctx.pipeline().get(SslHandler.class);
                worker.handshake(handler != null && worker.tls().resumed(handler, connectStartMillis));
            } else {
                // no connection to send on: counted as a failed connect, like a refused one
                failed(ErrorKind.CONNECT);
                return;
            }
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        channel = null;
        if (state == State.BUSY) {
            if (parser.endOfInput() == ResponseParser.Result.COMPLETE) {
                answered();
                return;
            }
            worker.error(ErrorKind.READ);
        }
        // an idle keep-alive connection the server closed is no error: reopen it
        state = State.DISCONNECTED;
        reopen();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (ctx.channel() != channel) {
            return;
        }
        if (writing) {
            failed(ErrorKind.WRITE);
        } else if (state == State.BUSY) {
            failed(ErrorKind.READ);
        } else {
            drop();
            reopen();
        }
    }

    /** Called by the loop's sweep. */
    void checkTimeout(long now, long timeoutNanos) {
        if (state == State.BUSY && now - sentAt > timeoutNanos) {
            failed(ErrorKind.TIMEOUT);
        }
    }

    private void failed(ErrorKind kind) {
        worker.error(kind);
        drop();
        reopen();
    }

    private void drop() {
        Channel ch = channel;
        channel = null;
        state = State.DISCONNECTED;
        if (ch != null) {
            ch.close();
        }
    }

    /** At once after a connection that answered; after a pause when it never did. */
    private void reopen() {
        if (answersOnChannel == 0) {
            retryLater();
        } else {
            kick();
        }
    }

    private void retryLater() {
        if (retryPending || retired) {
            return;
        }
        retryPending = true;
        worker.loop().schedule(retryTask, RETRY_DELAY_MS, TimeUnit.MILLISECONDS);
    }

    private void retry() {
        retryPending = false;
        kick();
    }
}
