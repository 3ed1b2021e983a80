package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.netty.origin.OriginChannelConnector;
import io.proxybench.netty.origin.OriginResponseHandler;
import io.proxybench.netty.pool.AcquireCallback;
import io.proxybench.netty.pool.PoolExhaustedException;
import io.proxybench.netty.pool.PooledConnection;
import java.util.ArrayList;
import java.util.List;
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

    private final ProxiedRequest proxied;
    private OriginAddress address;
    private PooledConnection<Channel> pooled;
    private Channel channel;
    private boolean flushPending;
    private boolean requestFullyWritten;
    /** Made the first time a request goes along with its pool request; most never do (one loop per connection). */
    private RequestWithAcquire sent;

    private int attempts;
    private final OriginResponseReceiver response;

    OriginRelay(ProxiedRequest proxied) {
        this.proxied = proxied;
        this.response = new OriginResponseReceiver(proxied, this);
    }

    /** Rewrites the head for {@code origin} and asks the pool for a connection to it. */
    void connect(OriginAddress origin) {
        address = origin;
        HeaderRewriting.forOrigin(
                proxied.request,
                proxied.clientVersion,
                proxied.exchange.uri(),
                origin,
                proxied.client.clientIp,
                proxied.proxy.scheme,
                proxied.proxy.via);
        attempts = 1;
        requestConnection();
    }

    /**
     * Asks the pool for a connection. When it will live on another loop and the whole request is in
     * already (a GET's end marker comes with its head), the request goes along: {@link RequestWithAcquire}.
     */
    private void requestConnection() {
        if (!proxied.client.originLoop.inEventLoop() && proxied.receiver.complete()) {
            if (sent == null) {
                sent = new RequestWithAcquire();
            }
            sent.take(proxied.receiver);
            response.attemptStarted();
        }
        proxied.proxy.pool.acquire(proxied.client.originLoop, address, this);
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
        return channel == null ? proxied.receiver.roomToHold() : channel.isWritable();
    }

    /** On the origin connection's loop. */
    @Override
    public void acquired(PooledConnection<Channel> connection) {
        OriginResponseHandler handler = OriginChannelConnector.responseHandler(connection.connection());
        if (sent != null && sent.writeOn(connection, handler, response)) {
            return;
        }
        handler.bind(response);
        EventExecutor home = proxied.client.channel.eventLoop();
        if (home.inEventLoop()) {
            ready(connection);
        } else {
            home.execute(() -> ready(connection));
        }
    }

    /** On the origin connection's loop. */
    @Override
    public void failed(Throwable cause) {
        if (sent != null) {
            sent.releaseUnwritten();
        }
        EventExecutor home = proxied.client.channel.eventLoop();
        if (home.inEventLoop()) {
            acquireFailed(cause);
        } else {
            home.execute(() -> acquireFailed(cause));
        }
    }

    private void acquireFailed(Throwable cause) {
        settleSent();
        if (proxied.done) {
            return;
        }
        proxied.fail(cause instanceof PoolExhaustedException ? ProxyError.POOL_EXHAUSTED : ProxyError.CONNECT, cause);
    }

    private void ready(PooledConnection<Channel> connection) {
        boolean wentAlong = sentPending();
        settleSent();
        if (proxied.done) {
            // Clean as it came unless the request went along: then an answer is due on it.
            release(connection, !wentAlong);
            return;
        }
        pooled = connection;
        channel = connection.connection();
        if (wentAlong) {
            requestFullyWritten = sent.complete();
            proxied.client.updateReading();
            return;
        }
        response.attemptStarted();
        if (!channel.eventLoop().inEventLoop()) {
            writeFromAnotherLoop();
            proxied.client.updateReading();
            return;
        }
        channel.write(proxied.request, channel.voidPromise());
        if (proxied.receiver.holdsBody()) {
            requestFullyWritten = proxied.receiver.writeHeldTo(channel);
        } else if (proxied.receiver.complete()) {
            // A retry of a bodyless request: its end marker went to the failed connection.
            requestFullyWritten = true;
            channel.write(LastHttpContent.EMPTY_LAST_CONTENT, channel.voidPromise());
        }
        if (proxied.client.inReadBurst()) {
            // The rest of the request (a GET's end marker, body) usually follows in the same burst:
            // one flush at its end sends it all.
            flushPending = true;
        } else {
            channel.flush();
            flushPending = false;
        }
        proxied.client.updateReading();
    }

    /**
     * The origin connection lives on another loop: the head and what is held of the body go over as
     * one task that writes and flushes them. Written one by one, each message and the flush would be
     * a task of its own, and each a chance to wake that loop again.
     */
    private void writeFromAnotherLoop() {
        List<Object> out = new ArrayList<>(3);
        requestFullyWritten = proxied.receiver.moveRequestTo(out);
        flushPending = false;
        Channel ch = channel;
        ch.eventLoop().execute(() -> RequestWithAcquire.writeAll(ch, out));
    }

    /** A piece of request body while the origin connection is ready; flushed at the end of the client's read. */
    void writeBody(HttpContent content, boolean last) {
        channel.write(content, channel.voidPromise());
        flushPending = true;
        if (last) {
            requestFullyWritten = true;
        }
        if (!channel.isWritable()) {
            proxied.client.updateReading();
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
        boolean reusable = originKeepAlive && requestFullyWritten && proxied.receiver.complete();
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
        if (!responseStarted
                && pooled != null
                && RetryPolicy.retriesOnFreshConnection(
                        error,
                        pooled.isReused(),
                        attempts,
                        proxied.receiver.complete(),
                        proxied.receiver.bodyBytes(),
                        proxied.request.method())) {
            log.debug(
                    "retrying {} {} after a reused origin connection failed: {}",
                    proxied.request.method(),
                    proxied.request.uri(),
                    cause == null ? error : cause.toString());
            release(pooled, false);
            pooled = null;
            channel = null;
            response.attemptAbandoned();
            requestFullyWritten = false;
            attempts++;
            requestConnection();
            return;
        }
        proxied.fail(error, cause);
    }

    /**
     * The origin connection that took the request sent with the pool request, on the first origin
     * event that reaches the client's loop; before any other handling of that event.
     */
    void announced() {
        PooledConnection<Channel> c = sent == null ? null : sent.announced();
        if (c != null) {
            ready(c);
        }
    }

    /** Gives up the origin connection mid-request: it is not reusable. */
    void abandon() {
        if (pooled != null) {
            release(pooled, false);
            pooled = null;
            channel = null;
        } else if (sentPending()) {
            // The request may be on a connection this loop has not heard of yet: close it there. Its
            // close comes back as an origin event, which gives the connection back, not reusable.
            proxied.client.originLoop.execute(sent::closeUnannounced);
        }
    }

    /** A request went along with the pool request and no connection has taken it for good yet. */
    private boolean sentPending() {
        return sent != null && sent.pending();
    }

    private void settleSent() {
        if (sent != null) {
            sent.settled();
        }
    }

    private static void release(PooledConnection<Channel> c, boolean reusable) {
        if (c != null) {
            OriginChannelConnector.giveBack(c, reusable);
        }
    }
}
