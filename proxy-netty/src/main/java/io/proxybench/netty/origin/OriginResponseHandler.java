package io.proxybench.netty.origin;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.core.http.ProxyError;
import io.proxybench.netty.pool.PooledConnection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last handler of an origin connection: passes the response of the exchange it is bound to
 * on to that exchange, and watches for silence while a response is due: the read timeout counts
 * from the last request bytes written or response bytes read, not from some coarse connection
 * timer, so a long upload or a long download never times out while it moves.
 * One timer per connection serves all its requests: it is not cancelled when a response ends,
 * and when it fires with nothing due it simply stops, so a busy connection schedules nothing per
 * request.
 *
 * <p>All fields are touched on the origin connection's loop only. When the exchange lives on
 * another loop, the messages of one read burst travel there as one task.
 */
public final class OriginResponseHandler extends ChannelDuplexHandler {

    private static final Logger log = LoggerFactory.getLogger(OriginResponseHandler.class);
    /** Interim (1xx) responses allowed before the final one; real origins send one or two. */
    private static final int MAX_INTERIM_RESPONSES = 100;

    private final long readTimeoutNanos;
    private ChannelHandlerContext ctx;
    private OriginListener listener;
    private boolean sameLoop;
    private List<HttpObject> burst;
    private boolean skipInformationalEnd;
    private int informational;
    /** Inside a read: messages decoded from its bytes may still come. */
    private boolean reading;
    /** A release held back until the read in progress has been handled (see {@link #releaseAfterRead}). */
    private PooledConnection<Channel> releaseAfterRead;
    /** When the origin last had something to say or to read: the last response read or request write. */
    private long lastActivityNanos;

    private ScheduledFuture<?> timeout;

    public OriginResponseHandler(long readTimeoutNanos) {
        this.readTimeoutNanos = readTimeoutNanos;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** On this connection's loop: the exchange about to write a request here. Arms the read timeout. */
    public void bind(OriginListener l) {
        listener = l;
        sameLoop = l.clientLoop() == ctx.executor();
        skipInformationalEnd = false;
        informational = 0;
        lastActivityNanos = System.nanoTime();
        if (timeout == null) {
            timeout = ctx.executor().schedule(this::checkSilence, readTimeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * On this connection's loop: when a read is in progress, holds the release of {@code connection}
     * back until it has been handled and returns true. Bytes after a response arrive in the same read
     * as its end; handed back at once, the connection could go to a request pipelined behind, and
     * those bytes would answer it. Held back, they reach no exchange and close the connection first.
     * The connection itself is held rather than a task, so that the common case allocates nothing.
     */
    public boolean releaseAfterRead(PooledConnection<Channel> connection) {
        if (!reading) {
            return false;
        }
        releaseAfterRead = connection;
        return true;
    }

    private void runAfterRead() {
        PooledConnection<Channel> c = releaseAfterRead;
        if (c != null) {
            releaseAfterRead = null;
            c.release(c.connection().isActive());
        }
    }

    /** On this connection's loop: the exchange is done with the connection. */
    public void unbind() {
        listener = null;
        burst = null;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof LastHttpContent
                || (msg instanceof HttpContent c && c.content().isReadable())) {
            lastActivityNanos = System.nanoTime(); // the origin's silence counts from here
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        reading = true;
        OriginListener l = listener;
        if (l == null || !(msg instanceof HttpObject)) {
            // Bytes nobody asked for: the connection is out of step and must not be reused.
            ReferenceCountUtil.release(msg);
            log.debug("unsolicited data from origin {}; closing", ctx.channel().remoteAddress());
            ctx.close();
            return;
        }
        if (skipInformational((HttpObject) msg)) {
            return;
        }
        boolean last = msg instanceof LastHttpContent;
        if (last) {
            // The response is complete: nothing that happens to the connection now concerns the exchange.
            listener = null;
        }
        if (sameLoop) {
            l.originRead((HttpObject) msg);
        } else {
            if (burst == null) {
                burst = new ArrayList<>(4);
            }
            burst.add((HttpObject) msg);
            if (last) {
                handOver(l);
            }
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        lastActivityNanos = System.nanoTime();
        OriginListener l = listener;
        if (sameLoop) {
            if (l != null) {
                l.originReadComplete();
            }
        } else if (burst != null && l != null) {
            handOver(l);
        }
        reading = false;
        runAfterRead();
    }

    private void handOver(OriginListener l) {
        List<HttpObject> messages = burst;
        burst = null;
        l.clientLoop().execute(() -> {
            for (HttpObject m : messages) {
                l.originRead(m);
            }
            l.originReadComplete();
        });
    }

    /** 1xx answers (other than 101) are not the response: drop them and their empty end marker. */
    private boolean skipInformational(HttpObject msg) {
        if (skipInformationalEnd && msg instanceof LastHttpContent) {
            skipInformationalEnd = false;
            ReferenceCountUtil.release(msg);
            return true;
        }
        if (msg instanceof HttpResponse response
                && response.decoderResult().isSuccess()
                && response.status().codeClass() == HttpStatusClass.INFORMATIONAL
                && response.status().code() != 101) {
            skipInformationalEnd = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            if (++informational > MAX_INTERIM_RESPONSES) {
                // Each one counts as activity: without a bound, a flood would hold the exchange for ever.
                fail(
                        ProxyError.ORIGIN_PROTOCOL,
                        new IllegalStateException("more than " + MAX_INTERIM_RESPONSES + " interim responses"));
                ctx.close();
            }
            return true;
        }
        return false;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        OriginListener l = listener;
        if (l != null) {
            boolean writable = ctx.channel().isWritable();
            if (sameLoop) {
                l.originWritabilityChanged(writable);
            } else {
                l.clientLoop().execute(() -> l.originWritabilityChanged(writable));
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimeout();
        reading = false;
        runAfterRead();
        fail(ProxyError.RESET, new IOException("origin closed the connection before the response was complete"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (listener == null) {
            log.debug(
                    "origin connection {} failed while idle: {}", ctx.channel().remoteAddress(), cause.toString());
        }
        fail(cause instanceof ReadTimeoutException ? ProxyError.TIMEOUT : ProxyError.RESET, cause);
        ctx.close();
    }

    private void checkSilence() {
        timeout = null;
        if (listener == null) {
            return; // nothing due; the next bind starts the timer again
        }
        long silentFor = System.nanoTime() - lastActivityNanos;
        if (silentFor >= readTimeoutNanos) {
            fail(ProxyError.TIMEOUT, ReadTimeoutException.INSTANCE);
            ctx.close();
        } else {
            timeout = ctx.executor().schedule(this::checkSilence, readTimeoutNanos - silentFor, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelTimeout();
    }

    private void fail(ProxyError error, Throwable cause) {
        OriginListener l = listener;
        if (l == null) {
            return;
        }
        listener = null;
        List<HttpObject> pending = burst;
        burst = null;
        EventExecutor target = l.clientLoop();
        if (sameLoop) {
            l.originFailed(error, cause);
        } else {
            target.execute(() -> {
                if (pending != null) {
                    for (HttpObject m : pending) {
                        l.originRead(m);
                    }
                }
                l.originFailed(error, cause);
            });
        }
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }
}
