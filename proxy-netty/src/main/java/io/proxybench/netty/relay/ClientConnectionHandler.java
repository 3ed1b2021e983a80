package io.proxybench.netty.relay;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.core.http.ProxyError;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection: takes decoded requests one at a time and runs a {@link ProxiedRequest} for
 * each. Requests a client pipelines behind the current one are queued as decoded and started
 * in order once the current response is complete, so responses leave in request order.
 *
 * <p>Reading stays on while it costs nothing (a keep-alive client sends nothing during an
 * exchange, and a client that goes away is noticed at once); it is switched off when the queue
 * of pipelined messages grows, while a request body waits for a slow origin, or while the client
 * cannot take more response bytes (see {@link ProxiedRequest}).
 */
final class ClientConnectionHandler extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(ClientConnectionHandler.class);

    /** Decoded messages queued behind the current request before reading pauses. */
    private static final int MAX_QUEUED = 64;

    final ProxyContext proxy;
    final ClientTimeouts timeouts;
    ChannelHandlerContext ctx;
    Channel channel;
    EventLoop originLoop;
    InetSocketAddress clientAddress;
    String clientIp;

    private ProxiedRequest current;
    private ArrayDeque<Object> queued;
    private boolean dispatching;
    private boolean reading = true;
    /** Inside a read burst from the client: writes to the origin wait for its end to be flushed together. */
    private boolean inReadBurst;
    /** No further request is served: the connection closes once the current response is out. */
    private boolean closing;
    /** The client half-closed: what it sent is served, then the connection closes. */
    private boolean inputShutdown;

    ClientConnectionHandler(ProxyContext proxy, ClientDeadlines deadlines) {
        this.proxy = proxy;
        this.timeouts = new ClientTimeouts(deadlines, this);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.channel = ctx.channel();
        this.originLoop = proxy.workers.originLoopFor(channel.eventLoop());
        this.clientAddress = (InetSocketAddress) channel.remoteAddress();
        this.clientIp = timeouts.deadlines.addressTexts.of(clientAddress);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        timeouts.start();
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        inReadBurst = true;
        ProxiedRequest ex = current;
        if (ex != null && !ex.requestComplete()) {
            ex.requestContent(msg);
        } else if (ex != null || (queued != null && !queued.isEmpty())) {
            queue(msg);
        } else {
            dispatch(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        inReadBurst = false;
        ProxiedRequest ex = current;
        if (ex != null) {
            ex.clientReadComplete();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        ProxiedRequest ex = current;
        if (ex != null) {
            ex.clientWritabilityChanged(channel.isWritable());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        timeouts.stop();
        closing = true;
        ProxiedRequest ex = current;
        current = null;
        if (ex != null) {
            ex.clientGone();
        }
        releaseQueued();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            // The decoder has passed on every request it could make of the bytes before the FIN.
            inputShutdown = true;
            closeIfInputExhausted();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    /** {@link ClientTimeouts#HEAD_TIMEOUT} or {@link ClientTimeouts#IDLE}, from the loop's deadline check. */
    void deadlinePassed(Object deadline) {
        if (deadline == ClientTimeouts.HEAD_TIMEOUT) {
            if (current == null && !closing) {
                proxy.metrics.error(ProxyError.CLIENT_TIMEOUT);
                proxy.metrics.response(ProxyError.CLIENT_TIMEOUT.status());
                closing = true;
                ctx.writeAndFlush(ErrorResponses.error(ProxyError.CLIENT_TIMEOUT, true))
                        .addListener(ChannelFutureListener.CLOSE);
            }
        } else if (deadline == ClientTimeouts.IDLE) {
            if (current == null && (queued == null || queued.isEmpty())) {
                ctx.close();
            }
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            log.debug("client {} connection error: {}", clientAddress, cause.toString());
        } else if (cause instanceof DecoderException) {
            log.debug("client {} sent what cannot be decoded: {}", clientAddress, cause.toString());
        } else {
            log.warn("client {} connection failed", clientAddress, cause);
        }
        ctx.close();
    }

    /** Shutdown: close now if idle, else after the current response. Runs on the loop. */
    void drain() {
        if (current == null) {
            closing = true;
            releaseQueued();
            ctx.close();
        }
    }

    /**
     * The current request wrote its last response bytes ({@code lastWrite}, or {@code null} when
     * written without a promise). Starts the next queued request, or closes when the request or
     * the server says so.
     */
    void requestEnded(ProxiedRequest ex, ChannelFuture lastWrite, boolean close) {
        if (current != ex) {
            return;
        }
        current = null;
        timeouts.requestEnded();
        if (close || proxy.isDraining()) {
            closing = true;
            releaseQueued();
            // Writes leave in order: closing after this (empty) one closes after the response.
            ChannelFuture after = lastWrite != null ? lastWrite : ctx.writeAndFlush(Unpooled.EMPTY_BUFFER);
            after.addListener(ChannelFutureListener.CLOSE);
            return;
        }
        runQueued();
        if (!closeIfInputExhausted()) {
            updateReading();
        }
    }

    /**
     * After a half-close: closes once nothing is left to answer, and at once when the request in
     * progress can never be complete (its origin exchange is abandoned, the body never terminated).
     */
    private boolean closeIfInputExhausted() {
        if (!inputShutdown || closing || (queued != null && !queued.isEmpty())) {
            return false;
        }
        ProxiedRequest ex = current;
        if (ex == null) {
            closing = true;
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return true;
        }
        if (!ex.requestComplete()) {
            closing = true;
            ctx.close();
            return true;
        }
        return false;
    }

    /**
     * Whether a read burst from the client is being handled now: {@link #channelReadComplete} follows,
     * and flushes what the current request wrote to its origin.
     */
    boolean inReadBurst() {
        return inReadBurst;
    }

    /** Whether the response being written answers a HEAD request (see {@link ClientResponseEncoder}). */
    boolean answeringHead() {
        ProxiedRequest ex = current;
        return ex != null && ex.head;
    }

    /** Whether the connection will close after the current response. */
    boolean isClosing() {
        return closing;
    }

    /** Re-evaluates whether to read from the client; call when any input to the decision changed. */
    void updateReading() {
        ProxiedRequest ex = current;
        boolean want =
                !closing && (queued == null || queued.size() < MAX_QUEUED) && (ex == null || ex.wantsClientBytes());
        if (want != reading) {
            reading = want;
            channel.config().setAutoRead(want);
        }
    }

    private void dispatch(Object msg) {
        if (closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request) {
            timeouts.headReceived();
            ProxiedRequest ex = new ProxiedRequest(this, request);
            current = ex;
            ex.start();
        } else {
            // Content with no request to belong to, e.g. the rest of a body after an early answer.
            ReferenceCountUtil.release(msg);
        }
    }

    private void queue(Object msg) {
        if (queued == null) {
            queued = new ArrayDeque<>(8);
        }
        queued.add(msg);
        if (queued.size() >= MAX_QUEUED) {
            updateReading();
        }
    }

    private void runQueued() {
        if (dispatching || queued == null) {
            return;
        }
        dispatching = true;
        try {
            Object msg;
            while ((msg = queued.peek()) != null) {
                ProxiedRequest ex = current;
                if (ex == null) {
                    queued.poll();
                    dispatch(msg);
                } else if (!ex.requestComplete()) {
                    queued.poll();
                    ex.requestContent(msg);
                } else {
                    break;
                }
            }
        } finally {
            dispatching = false;
        }
    }

    private void releaseQueued() {
        if (queued != null) {
            Object msg;
            while ((msg = queued.poll()) != null) {
                ReferenceCountUtil.release(msg);
            }
        }
    }
}
