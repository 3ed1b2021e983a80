package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.netty.http.NettyHeaders;
import io.proxybench.netty.origin.OriginChannelConnector;
import io.proxybench.netty.origin.OriginResponseHandler;
import io.proxybench.netty.pool.AcquireCallback;
import io.proxybench.netty.pool.PoolExhaustedException;
import io.proxybench.netty.pool.PooledConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The proxy-to-origin side of one request: takes an origin connection from the pool, writes the
 * request head and body to it, and hands the connection back when the response is complete (or
 * closes it when not). The response itself is taken in by {@link OriginResponseReceiver}, bound to
 * the connection of each attempt; a failed attempt on a reused connection may be retried once on
 * a fresh one, as {@link RetryPolicy} allows.
 *
 * <p>Writes carry the void promise: a failed write surfaces as an exception on the origin
 * channel, whose handler then fails the request and closes, so no promise is allocated or
 * completed per message.
 */
final class OriginRelay implements AcquireCallback<Channel> {

    private static final Logger log = LoggerFactory.getLogger(OriginRelay.class);

    private final ProxiedRequest x;
    private OriginAddress address;
    private PooledConnection<Channel> pooled;
    private Channel channel;
    private boolean flushPending;
    private boolean requestFullyWritten;
    private int attempts;
    private final OriginResponseReceiver response;

    OriginRelay(ProxiedRequest x) {
        this.x = x;
        this.response = new OriginResponseReceiver(x, this);
    }

    /** Rewrites the head for {@code origin} and asks the pool for a connection to it. */
    void connect(OriginAddress origin, NettyHeaders requestHeaders) {
        address = origin;
        HeaderRewriting.forOrigin(x.request, requestHeaders, x.clientVersion, x.exchange.uri(), origin,
                x.conn.clientIp, x.px.via);
        attempts = 1;
        x.px.pool.acquire(x.conn.originLoop, origin, this);
    }

    /** Whether an origin connection is ready to take the request. */
    boolean connected() {
        return channel != null;
    }

    Channel channel() {
        return channel;
    }

    /** Whether more request body is welcome now: room to hold it, or an origin connection that takes it. */
    boolean takesRequestBytes() {
        return channel == null ? x.receiver.roomToHold() : channel.isWritable();
    }

    /** On the origin connection's loop. */
    @Override
    public void acquired(PooledConnection<Channel> connection) {
        OriginResponseHandler handler = OriginChannelConnector.responseHandler(connection.connection());
        handler.bind(response);
        EventExecutor home = x.conn.channel.eventLoop();
        if (home.inEventLoop()) {
            ready(connection);
        } else {
            home.execute(() -> ready(connection));
        }
    }

    /** On the origin connection's loop. */
    @Override
    public void failed(Throwable cause) {
        EventExecutor home = x.conn.channel.eventLoop();
        if (home.inEventLoop()) {
            acquireFailed(cause);
        } else {
            home.execute(() -> acquireFailed(cause));
        }
    }

    private void acquireFailed(Throwable cause) {
        if (x.done) {
            return;
        }
        x.fail(cause instanceof PoolExhaustedException ? ProxyError.POOL_EXHAUSTED : ProxyError.CONNECT, cause);
    }

    private void ready(PooledConnection<Channel> connection) {
        if (x.done) {
            release(connection, true); // nothing was written: the connection is as clean as it came
            return;
        }
        pooled = connection;
        channel = connection.connection();
        response.attemptStarted();
        channel.write(x.request, channel.voidPromise());
        if (x.receiver.holdsBody()) {
            requestFullyWritten = x.receiver.writeHeldTo(channel);
        } else if (x.receiver.complete()) {
            // A retry of a bodyless request: its end marker went to the failed connection.
            requestFullyWritten = true;
            channel.write(LastHttpContent.EMPTY_LAST_CONTENT, channel.voidPromise());
        }
        if (x.conn.inReadBurst()) {
            // The rest of the request (a GET's end marker, body) usually follows in the same burst:
            // one flush at its end sends it all.
            flushPending = true;
        } else {
            channel.flush();
            flushPending = false;
        }
        x.conn.updateReading();
    }

    /** A piece of request body while the origin connection is ready; flushed at the end of the client's read. */
    void writeBody(HttpContent content, boolean last) {
        channel.write(content, channel.voidPromise());
        flushPending = true;
        if (last) {
            requestFullyWritten = true;
        }
        if (!channel.isWritable()) {
            x.conn.updateReading();
        }
    }

    void flushRequest() {
        if (flushPending && channel != null) {
            flushPending = false;
            channel.flush();
        }
    }

    // ---------------------------------------------------------------- the response's side of the connection

    void responseFilterDone() {
        response.filterDone();
    }

    void startResponse() {
        response.startResponse();
    }

    /** Holds {@code error} back while outbound filters run; true when it did. */
    boolean deferFailure(ProxyError error, Throwable cause) {
        return response.deferFailure(error, cause);
    }

    void clientWritabilityChanged(boolean writable) {
        response.clientWritabilityChanged(writable);
    }

    void pauseReads() {
        response.pauseReads();
    }

    void releaseHeld() {
        response.releaseHeld();
    }

    /** The last response bytes are in: the connection goes back to the pool, reusable if both sides allow. */
    void responseComplete(boolean originKeepAlive) {
        boolean reusable = originKeepAlive && requestFullyWritten && x.receiver.complete();
        if (reusable) {
            response.resumeReads(); // a paused connection would hang its next user
        }
        release(pooled, reusable);
        pooled = null;
        channel = null;
    }

    /**
     * The connection failed before the response was complete. A kept-alive connection the origin
     * closed while we picked it gets one more try on a fresh one, if {@link RetryPolicy} allows.
     */
    void attemptFailed(ProxyError error, Throwable cause, boolean responseStarted) {
        if (!responseStarted && pooled != null && RetryPolicy.retriesOnFreshConnection(error, pooled.isReused(),
                attempts, x.receiver.complete(), x.receiver.bodyBytes(), x.request.method())) {
            log.debug("retrying {} {} after a reused origin connection failed: {}", x.request.method(), x.request.uri(),
                    cause == null ? error : cause.toString());
            release(pooled, false);
            pooled = null;
            channel = null;
            response.attemptAbandoned();
            requestFullyWritten = false;
            attempts++;
            x.px.pool.acquire(x.conn.originLoop, address, this);
            return;
        }
        x.fail(error, cause);
    }

    /** Gives up the origin connection mid-request: it is not reusable. */
    void abandon() {
        if (pooled != null) {
            release(pooled, false);
            pooled = null;
            channel = null;
        }
    }

    private static void release(PooledConnection<Channel> c, boolean reusable) {
        if (c != null) {
            OriginChannelConnector.giveBack(c, reusable);
        }
    }
}
