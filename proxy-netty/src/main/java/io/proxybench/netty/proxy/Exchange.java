package io.proxybench.netty.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.core.route.Route;
import io.proxybench.netty.http.NettyHeaders;
import io.proxybench.netty.origin.OriginChannelConnector;
import io.proxybench.netty.origin.OriginListener;
import io.proxybench.netty.origin.OriginResponseHandler;
import io.proxybench.netty.pool.AcquireCallback;
import io.proxybench.netty.pool.PoolExhaustedException;
import io.proxybench.netty.pool.PooledConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * One proxied request: inbound filters, route, origin connection from the pool, request head and
 * body streamed to the origin, outbound filters, response streamed back. Bodies pass through as
 * the decoders sliced them (retained buffers, never copied).
 *
 * <p>Everything here runs on the client connection's loop; origin events hop here (see
 * {@link OriginResponseHandler}), filter results too (see {@link FilterStage}). Writes carry the
 * void promise: a failed write surfaces as an exception on its channel, whose handler then fails
 * the exchange and closes, so no promise is allocated or completed per message.
 */
final class Exchange implements OriginListener, AcquireCallback<Channel>, FilterStage.Done {

    private static final Logger log = LoggerFactory.getLogger(Exchange.class);

    /** Request body bytes held while no origin connection is ready, before reading pauses. */
    private static final int MAX_BUFFERED_BODY = 64 * 1024;

    private final ClientConnectionHandler conn;
    private final ProxyContext px;
    private final HttpRequest request;
    private final long startNanos;
    private final boolean clientKeepAlive;
    /** The client's protocol version; the request object is switched to 1.1 for the origin. */
    private final HttpVersion clientVersion;
    private final boolean head;
    /** The byte stream from the client can no longer be trusted (decoder failure): close after answering. */
    private boolean mustClose;
    private ProxyExchange exchange;
    private NettyHeaders requestHeaders;
    private NettyHeaders responseHeaders;

    // request side
    private boolean requestComplete;
    private long requestBodyBytes;
    /** The first piece of body held, and the rest: most requests hold just their end marker. */
    private HttpContent firstHeld;
    private ArrayDeque<HttpContent> heldBody;
    private int heldBytes;

    // origin side
    private OriginAddress origin;
    private PooledConnection<Channel> pooled;
    private Channel originChannel;
    private boolean originFlushPending;
    private boolean requestFullyWritten;
    private long originStartNanos;
    private int attempts;

    // response side
    private HttpResponse response;
    private boolean originKeepAlive;
    private boolean originChunked;
    private boolean filteringResponse;
    private ArrayDeque<HttpObject> heldResponse;
    private boolean responseStarted;
    private boolean clientFlushPending;
    private boolean originReadsPaused;
    private boolean closeClient;
    /** An origin failure that arrived while outbound filters ran; applied once the head is out. */
    private ProxyError deferredError;
    private Throwable deferredCause;
    private int status;
    private boolean done;

    Exchange(ClientConnectionHandler conn, HttpRequest request) {
        this.conn = conn;
        this.px = conn.px;
        this.request = request;
        this.startNanos = System.nanoTime();
        RequestChecks.serveHigherMinorAs11(request);
        this.clientKeepAlive = HttpUtil.isKeepAlive(request);
        this.clientVersion = request.protocolVersion();
        this.head = HttpMethod.HEAD.equals(request.method());
    }

    // ---------------------------------------------------------------- request

    void start() {
        if (request.decoderResult().isFailure()) {
            requestComplete = true;
            mustClose = true;
            ReferenceCountUtil.release(request);
            fail(RequestChecks.decoderError(request.decoderResult().cause()), request.decoderResult().cause());
            return;
        }
        ProxyError framing = RequestChecks.framingError(request);
        if (framing != null) {
            requestComplete = true;
            mustClose = true; // the body, if any, cannot be framed: the connection cannot go on
            fail(framing, new IllegalArgumentException("request framing refused"));
            return;
        }
        if (!RequestChecks.hasValidHost(request)) {
            requestComplete = true;
            mustClose = true; // its body, if any, is not worth reading
            fail(ProxyError.BAD_REQUEST, new IllegalArgumentException("missing or repeated Host header"));
            return;
        }
        if (HttpMethod.CONNECT.equals(request.method())) {
            requestComplete = true;
            fail(ProxyError.BAD_REQUEST, null);
            return;
        }
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect.trim())) {
            requestComplete = true;
            respond(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.EXPECTATION_FAILED), true);
            return;
        }
        if (expect != null) {
            // Answered here, so the origin never holds the body back waiting for a 100 of its own.
            request.headers().remove(HttpHeaderNames.EXPECT);
            if (clientVersion.compareTo(HttpVersion.HTTP_1_1) >= 0) {
                conn.ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE),
                        conn.ctx.voidPromise());
            }
        }
        requestHeaders = new NettyHeaders(request.headers());
        exchange = new ProxyExchange(request.method().name(), request.uri(), request.protocolVersion().text(),
                requestHeaders, conn.clientAddress);
        if (px.filters.runsInline(px.chains.inbound())) {
            route();
        } else {
            px.filters.run(px.chains.inbound(), true, exchange, conn.channel.eventLoop(), this);
        }
    }

    boolean requestComplete() {
        return requestComplete;
    }

    /** Body of this request from the client (or a stray message the decoder produced). */
    void requestContent(Object msg) {
        if (!(msg instanceof HttpContent content)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (last) {
            requestComplete = true;
        }
        if (content.decoderResult().isFailure()) {
            requestComplete = true;
            mustClose = true;
            Throwable cause = content.decoderResult().cause();
            content.release();
            fail(RequestChecks.decoderError(cause), cause);
            return;
        }
        if (done) {
            content.release();
            return;
        }
        int bytes = content.content().readableBytes();
        requestBodyBytes += bytes;
        if (originChannel == null) {
            if (firstHeld == null) {
                firstHeld = content;
            } else {
                if (heldBody == null) {
                    heldBody = new ArrayDeque<>(4);
                }
                heldBody.add(content);
            }
            heldBytes += bytes;
            if (heldBytes > MAX_BUFFERED_BODY) {
                conn.updateReading();
            }
            return;
        }
        originChannel.write(content, originChannel.voidPromise());
        originFlushPending = true;
        if (last) {
            requestFullyWritten = true;
        }
        if (!originChannel.isWritable()) {
            conn.updateReading();
        }
    }

    void clientReadComplete() {
        if (originFlushPending && originChannel != null) {
            originFlushPending = false;
            originChannel.flush();
        }
    }

    /** Whether more client bytes are welcome now (read by the connection's read switch). */
    boolean wantsClientBytes() {
        if (requestComplete || done) {
            return true;
        }
        if (originChannel == null) {
            return heldBytes <= MAX_BUFFERED_BODY;
        }
        return originChannel.isWritable();
    }

    // ---------------------------------------------------------------- routing and origin connection

    @Override
    public void filtered(boolean inbound, FilterOutcome outcome, Throwable failure) {
        if (!inbound) {
            filteringResponse = false;
        }
        if (done) {
            return;
        }
        if (failure != null) {
            log.warn("{} {}: {}", request.method(), exchange.uri(), failure.toString());
            fail(ProxyError.FILTER, failure);
            return;
        }
        if (inbound) {
            if (outcome.isResponse()) {
                respond(ErrorResponses.shortCircuit(outcome, closeAfterResponse()), false);
            } else {
                route();
            }
        } else {
            startResponse();
        }
    }

    private void route() {
        Route route = px.routes.match(exchange.path());
        if (route == null) {
            fail(ProxyError.NO_ROUTE, null);
            return;
        }
        origin = route.origins().next();
        HeaderRewriting.forOrigin(request, requestHeaders, clientVersion, exchange.uri(), origin, conn.clientIp,
                px.viaName);
        attempts = 1;
        px.pool.acquire(conn.originLoop, origin, this);
    }

    /** On the origin connection's loop. */
    @Override
    public void acquired(PooledConnection<Channel> connection) {
        OriginResponseHandler handler = OriginChannelConnector.responseHandler(connection.connection());
        handler.bind(this);
        EventExecutor home = clientLoop();
        if (home.inEventLoop()) {
            originReady(connection);
        } else {
            home.execute(() -> originReady(connection));
        }
    }

    /** On the origin connection's loop. */
    @Override
    public void failed(Throwable cause) {
        EventExecutor home = clientLoop();
        if (home.inEventLoop()) {
            acquireFailed(cause);
        } else {
            home.execute(() -> acquireFailed(cause));
        }
    }

    private void acquireFailed(Throwable cause) {
        if (done) {
            return;
        }
        if (cause instanceof PoolExhaustedException) {
            fail(ProxyError.POOL_EXHAUSTED, cause);
        } else {
            fail(ProxyError.CONNECT, cause);
        }
    }

    private void originReady(PooledConnection<Channel> connection) {
        if (done) {
            release(connection, true); // nothing was written: the connection is as clean as it came
            return;
        }
        pooled = connection;
        originChannel = connection.connection();
        originStartNanos = System.nanoTime();
        originChannel.write(request, originChannel.voidPromise());
        if (firstHeld != null) {
            HttpContent c = firstHeld;
            firstHeld = null;
            do {
                if (c instanceof LastHttpContent) {
                    requestFullyWritten = true;
                }
                originChannel.write(c, originChannel.voidPromise());
            } while (heldBody != null && (c = heldBody.poll()) != null);
            heldBytes = 0;
        } else if (requestComplete) {
            // A retry of a bodyless request: its end marker went to the failed connection.
            requestFullyWritten = true;
            originChannel.write(LastHttpContent.EMPTY_LAST_CONTENT, originChannel.voidPromise());
        }
        originChannel.flush();
        originFlushPending = false;
        conn.updateReading();
    }

    // ---------------------------------------------------------------- response

    @Override
    public EventExecutor clientLoop() {
        return conn.channel.eventLoop();
    }

    @Override
    public void originRead(HttpObject msg) {
        if (done) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg.decoderResult().isFailure()) {
            Throwable cause = msg.decoderResult().cause();
            ReferenceCountUtil.release(msg);
            fail(ProxyError.ORIGIN_PROTOCOL, cause);
            return;
        }
        if (msg instanceof HttpResponse r) {
            responseHead(r);
            if (!(msg instanceof HttpContent)) {
                return;
            }
            if (done) {
                ReferenceCountUtil.release(msg);
                return;
            }
        }
        if (msg instanceof HttpContent content) {
            if (filteringResponse) {
                heldResponse.add(content);
            } else {
                responseContent(content);
            }
        }
    }

    private void responseHead(HttpResponse r) {
        px.metrics.originLatency().update(System.nanoTime() - originStartNanos, TimeUnit.NANOSECONDS);
        if (r.status().code() == 101) {
            fail(ProxyError.ORIGIN_PROTOCOL, new IllegalStateException("origin switched protocols unasked"));
            return;
        }
        if (!ResponseChecks.framedSoundly(r)) {
            fail(ProxyError.ORIGIN_PROTOCOL, new IllegalStateException("ambiguous response framing"));
            return;
        }
        response = r;
        originKeepAlive = HttpUtil.isKeepAlive(r);
        originChunked = HttpUtil.isTransferEncodingChunked(r);
        responseHeaders = new NettyHeaders(r.headers());
        exchange.setResponse(r.status().code(), responseHeaders);
        if (px.filters.runsInline(px.chains.outbound())) {
            startResponse();
            return;
        }
        filteringResponse = true;
        heldResponse = new ArrayDeque<>(4);
        pauseOriginReads();
        px.filters.run(px.chains.outbound(), false, exchange, conn.channel.eventLoop(), this);
    }

    private void startResponse() {
        filteringResponse = false;
        status = exchange.responseStatus();
        HttpResponse r = response;
        if (status != r.status().code()) {
            r.setStatus(HttpResponseStatus.valueOf(status));
        }
        boolean bodyless = head || status == 204 || status == 304 || status < 200;
        closeClient = HeaderRewriting.forClient(r, responseHeaders, clientVersion, bodyless, originChunked,
                closeAfterResponse(), px.viaName);
        responseStarted = true;
        conn.ctx.write(r, conn.ctx.voidPromise());
        clientFlushPending = true;
        ArrayDeque<HttpObject> held = heldResponse;
        heldResponse = null;
        if (held != null) {
            HttpObject m;
            while (!done && (m = held.poll()) != null) {
                responseContent((HttpContent) m);
            }
            if (!done) {
                resumeOriginReads();
            }
        }
        if (deferredError != null && !done) {
            fail(deferredError, deferredCause);
        }
    }

    private void responseContent(HttpContent content) {
        if (content instanceof LastHttpContent last) {
            responseEnd(last);
            return;
        }
        conn.ctx.write(content, conn.ctx.voidPromise());
        clientFlushPending = true;
        if (!conn.channel.isWritable()) {
            pauseOriginReads();
        }
    }

    @Override
    public void originReadComplete() {
        if (clientFlushPending && !done) {
            clientFlushPending = false;
            conn.ctx.flush();
        }
    }

    private void responseEnd(LastHttpContent last) {
        done = true;
        boolean reusable = originKeepAlive && requestFullyWritten && requestComplete;
        if (reusable) {
            resumeOriginReads(); // a paused connection would hang its next user
        }
        release(pooled, reusable);
        pooled = null;
        originChannel = null;
        boolean close = closeClient || !requestComplete || conn.isClosing();
        clientFlushPending = false;
        finish(last, close);
    }

    void clientWritabilityChanged(boolean writable) {
        if (writable && originReadsPaused && !filteringResponse) {
            resumeOriginReads();
        }
    }

    @Override
    public void originWritabilityChanged(boolean writable) {
        conn.updateReading();
    }

    private void pauseOriginReads() {
        if (!originReadsPaused && originChannel != null) {
            originReadsPaused = true;
            originChannel.config().setAutoRead(false);
        }
    }

    private void resumeOriginReads() {
        if (originReadsPaused && originChannel != null) {
            originReadsPaused = false;
            originChannel.config().setAutoRead(true);
        }
    }

    // ---------------------------------------------------------------- failure and the end

    @Override
    public void originFailed(ProxyError error, Throwable cause) {
        if (done) {
            return;
        }
        if (response == null && pooled != null && pooled.isReused() && attempts == 1 && error == ProxyError.RESET
                && requestComplete && requestBodyBytes == 0 && isIdempotent()) {
            // A kept-alive connection the origin closed while we picked it: try once on a fresh one.
            log.debug("retrying {} {} after a reused origin connection failed: {}", request.method(), request.uri(),
                    cause == null ? error : cause.toString());
            release(pooled, false);
            pooled = null;
            originChannel = null;
            originReadsPaused = false;
            requestFullyWritten = false;
            attempts++;
            px.pool.acquire(conn.originLoop, origin, this);
            return;
        }
        fail(error, cause);
    }

    private boolean isIdempotent() {
        HttpMethod m = request.method();
        return HttpMethod.GET.equals(m) || HttpMethod.HEAD.equals(m) || HttpMethod.OPTIONS.equals(m)
                || HttpMethod.PUT.equals(m) || HttpMethod.DELETE.equals(m) || HttpMethod.TRACE.equals(m);
    }

    /** The client connection closed under us. */
    void clientGone() {
        if (done) {
            return;
        }
        px.metrics.error(ProxyError.CLIENT_ABORT);
        done = true;
        abandonOrigin();
        releaseHeld();
    }

    private void fail(ProxyError error, Throwable cause) {
        if (done) {
            return;
        }
        if (filteringResponse) {
            // The origin's head is in: the client gets it and what body came, then sees the failure.
            if (deferredError == null) {
                deferredError = error;
                deferredCause = cause;
            }
            return;
        }
        px.metrics.error(error);
        if (log.isDebugEnabled()) {
            log.debug("{} {} from {} -> {}: {}", request.method(), request.uri(), conn.clientAddress, error,
                    cause == null ? "" : cause.toString());
        }
        abandonOrigin();
        releaseHeld();
        if (responseStarted) {
            // Part of the response is out: only closing tells the client it is incomplete.
            done = true;
            conn.ctx.flush();
            conn.ctx.close();
            return;
        }
        respond(ErrorResponses.error(error, closeAfterResponse() || !requestComplete), false);
    }

    /** Writes a response made here (error or short-circuit) and ends the exchange. */
    private void respond(FullHttpResponse r, boolean forceClose) {
        done = true;
        abandonOrigin();
        releaseHeld();
        boolean close = forceClose || !requestComplete || closeAfterResponse();
        if (close) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (!clientVersion.isKeepAliveDefault()) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        status = r.status().code();
        responseStarted = true;
        finish(r, close);
    }

    /**
     * Writes the last message of the response and hands the connection back. A kept-alive
     * connection's write takes no promise (a failed write surfaces as an exception on the
     * connection, which closes it); a closing one waits for the write, then closes.
     */
    private void finish(Object lastMessage, boolean close) {
        px.metrics.response(status);
        if (close) {
            ChannelPromise written = conn.channel.newPromise();
            conn.ctx.writeAndFlush(lastMessage, written);
            written.addListener((ChannelFuture f) -> px.metrics.requests().update(System.nanoTime() - startNanos,
                    TimeUnit.NANOSECONDS));
            conn.exchangeEnded(this, written, true);
        } else {
            conn.ctx.writeAndFlush(lastMessage, conn.ctx.voidPromise());
            px.metrics.requests().update(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
            conn.exchangeEnded(this, null, false);
        }
    }

    private boolean closeAfterResponse() {
        return mustClose || !clientKeepAlive || px.isDraining() || conn.isClosing();
    }

    /** Gives up the origin connection mid-exchange: it is not reusable. */
    private void abandonOrigin() {
        if (pooled != null) {
            release(pooled, false);
            pooled = null;
            originChannel = null;
        }
    }

    private static void release(PooledConnection<Channel> c, boolean reusable) {
        if (c != null) {
            OriginChannelConnector.giveBack(c, reusable);
        }
    }

    private void releaseHeld() {
        if (firstHeld != null) {
            firstHeld.release();
            firstHeld = null;
        }
        if (heldBody != null) {
            HttpContent c;
            while ((c = heldBody.poll()) != null) {
                c.release();
            }
            heldBytes = 0;
        }
        if (heldResponse != null) {
            HttpObject m;
            while ((m = heldResponse.poll()) != null) {
                ReferenceCountUtil.release(m);
            }
        }
    }

    @Override
    public String toString() {
        return request.method() + " " + request.uri() + " from " + conn.clientAddress;
    }
}
