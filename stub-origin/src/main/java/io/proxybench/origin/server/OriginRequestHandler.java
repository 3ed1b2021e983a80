package io.proxybench.origin.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.origin.behavior.FaultKind;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's requests and answers. Bodies are read and dropped piece by piece as they arrive. Each
 * complete request gets an answer scheduled after its latency; answers leave strictly in request order,
 * so a pipelined answer that is due early waits for the ones before it.
 */
final class OriginRequestHandler extends ChannelInboundHandlerAdapter {

    /** User event asking the connection to finish what it has queued, then close. */
    static final Object DRAIN = new Object() {
        @Override
        public String toString() {
            return "DRAIN";
        }
    };

    private static final Logger log = LoggerFactory.getLogger(OriginRequestHandler.class);

    /** Reading stops at this many unanswered requests and resumes once the queue is down to the second figure. */
    static final int PAUSE_READING_AT = 256;

    private static final int RESUME_READING_AT = 64;

    private final ResponsePlanner planner;
    private final ResponseWriter writer;
    private final ArrayDeque<PendingResponse> queue = new ArrayDeque<>(4);
    private final Runnable onSlowBodyDone = this::slowBodyDone;

    private ChannelHandlerContext ctx;
    /** The request whose body is still arriving. */
    private PendingResponse receiving;
    /** Set after a request that ends the connection: whatever the client sends later is dropped unanswered. */
    private boolean ignoreInput;

    private boolean writerBusy;
    private boolean closing;
    private boolean draining;
    private boolean readingPaused;

    OriginRequestHandler(ResponsePlanner planner, ResponseWriter writer) {
        this.planner = planner;
        this.writer = writer;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (ignoreInput) {
                return;
            }
            if (msg instanceof HttpRequest) {
                onRequestHead((HttpRequest) msg);
            }
            if (msg instanceof LastHttpContent) {
                onRequestEnd((LastHttpContent) msg);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onRequestHead(HttpRequest request) {
        DecoderResult result = request.decoderResult();
        if (result.isFailure()) {
            // The decoder discards everything after a malformed head, so answer now and stop listening.
            ignoreInput = true;
            enqueue(planner.unreadable("bad request: " + result.cause().getMessage()));
            return;
        }
        receiving = planner.plan(request);
    }

    private void onRequestEnd(LastHttpContent last) {
        PendingResponse p = receiving;
        receiving = null;
        if (p == null) {
            return;
        }
        DecoderResult result = last.decoderResult();
        if (result.isFailure()) {
            ignoreInput = true;
            p = planner.unreadable("bad request body: " + result.cause().getMessage());
        } else if (!p.keepAlive) {
            ignoreInput = true;
        }
        enqueue(p);
    }

    private void enqueue(PendingResponse p) {
        planner.complete(p);
        p.queuedBy(this);
        queue.add(p);
        updateReading();
        if (p.fault == FaultKind.STALL) {
            return;
        }
        if (p.delayNanos <= 0) {
            p.ready = true;
            writeReadyResponses();
        } else {
            ctx.executor().schedule(p, p.delayNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Writes every answer at the head of the queue whose delay has passed, then flushes once. */
    void writeReadyResponses() {
        if (closing || writerBusy) {
            return;
        }
        if (!ctx.channel().isActive()) {
            queue.clear();
            closing = true;
            return;
        }
        boolean wrote = false;
        PendingResponse p;
        while (!closing && !writerBusy && (p = queue.peek()) != null && p.ready) {
            queue.poll();
            boolean closeAfter = !p.keepAlive || (draining && queue.isEmpty());
            ResponseWriter.Outcome outcome = writer.write(ctx, p, closeAfter, onSlowBodyDone);
            wrote = true;
            if (outcome == ResponseWriter.Outcome.CLOSING || closeAfter) {
                closing = true;
            }
            if (outcome == ResponseWriter.Outcome.BUSY) {
                writerBusy = true;
            }
        }
        if (wrote) {
            ctx.flush();
        }
        updateReading();
        closeIfDrained();
    }

    /**
     * Stops reading while too many answers are queued or the socket cannot take more bytes, so that a client
     * pipelining without reading its answers cannot make the origin buffer without bound.
     */
    private void updateReading() {
        if (draining) {
            return;
        }
        boolean writable = ctx.channel().isWritable();
        if (!readingPaused && (queue.size() >= PAUSE_READING_AT || !writable)) {
            readingPaused = true;
            ctx.channel().config().setAutoRead(false);
        } else if (readingPaused && queue.size() <= RESUME_READING_AT && writable) {
            readingPaused = false;
            ctx.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        updateReading();
        super.channelWritabilityChanged(ctx);
    }

    private void slowBodyDone() {
        writerBusy = false;
        writeReadyResponses();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof ChannelInputShutdownEvent) {
            // The client half-closed after its last request: answer what is queued, then close.
            ignoreInput = true;
        } else if (evt != DRAIN) {
            super.userEventTriggered(ctx, evt);
            return;
        }
        draining = true;
        readingPaused = true;
        ctx.channel().config().setAutoRead(false);
        closeIfDrained();
    }

    /** While draining, closes as soon as nothing answerable is left: an empty queue or one held by a stall. */
    private void closeIfDrained() {
        if (!draining || closing || writerBusy) {
            return;
        }
        PendingResponse head = queue.peek();
        if (head == null || head.fault == FaultKind.STALL) {
            closing = true;
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        queue.clear();
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            // Clients resetting or vanishing is routine under load and in fault tests.
            log.debug("connection {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        } else if (cause instanceof DecoderException) {
            log.info(
                    "connection {} sent what cannot be served, closing it: {}",
                    ctx.channel().remoteAddress(),
                    cause.getCause() != null ? cause.getCause().toString() : cause.toString());
        } else {
            log.warn("connection {} failed, closing it", ctx.channel().remoteAddress(), cause);
        }
        closing = true;
        ctx.close();
    }
}
