package io.proxybench.netty.relay;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.proxybench.core.http.ProxyError;
import java.util.concurrent.TimeUnit;

/**
 * The proxy-to-client direction of one request: writes the origin's response (head rewritten for
 * the client, body as it came) or a response made here (errors, filter short-circuits, a refused
 * expectation), flushes once per origin read burst, and ends the request: counts it and hands
 * the connection back for the next one, or closes it.
 *
 * <p>Writes carry the void promise; only a response after which the connection closes waits for
 * its last write.
 */
final class ClientResponseWriter {

    private final ProxiedRequest proxied;
    private final ChannelHandlerContext ctx;
    private boolean started;
    private boolean flushPending;
    private boolean closeClient;
    private int status;

    ClientResponseWriter(ProxiedRequest proxied) {
        this.proxied = proxied;
        this.ctx = proxied.client.ctx;
    }

    /** Answers {@code Expect: 100-continue} here, so the origin never holds the body back for a 100 of its own. */
    void writeContinue() {
        ctx.writeAndFlush(
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE), ctx.voidPromise());
    }

    /** The origin's response head, after the outbound filters, rewritten for the client. */
    void writeHead(HttpResponse r, boolean originChunked) {
        status = proxied.exchange.responseStatus();
        if (status != r.status().code()) {
            r.setStatus(HttpResponseStatus.valueOf(status));
        }
        boolean bodyless = proxied.head || status == 204 || status == 304 || status < 200;
        closeClient = HeaderRewriting.forClient(
                r, proxied.clientVersion, bodyless, originChunked, proxied.closeAfterResponse(), proxied.proxy.via);
        started = true;
        ctx.write(r, ctx.voidPromise());
        flushPending = true;
    }

    void writeContent(HttpContent content) {
        ctx.write(content, ctx.voidPromise());
        flushPending = true;
        if (!proxied.client.channel.isWritable()) {
            proxied.origin.pauseReads();
        }
    }

    /** The end of an origin read burst: what was written goes out in one flush. */
    void flush() {
        if (flushPending) {
            flushPending = false;
            ctx.flush();
        }
    }

    /** The response's last piece: written with the flush, and the request is over. */
    void end(LastHttpContent last) {
        boolean close = closeClient || !proxied.receiver.complete() || proxied.client.isClosing();
        flushPending = false;
        finish(last, close);
    }

    /** The request failed (see {@link ProxiedRequest#fail}): an error response, or a close if part of one is out. */
    void failed(ProxyError error) {
        if (started) {
            // Part of the response is out: only closing tells the client it is incomplete.
            proxied.done = true;
            ctx.flush();
            ctx.close();
            return;
        }
        respond(ErrorResponses.error(error, proxied.closeAfterResponse() || !proxied.receiver.complete()), false);
    }

    /** Writes a response made here (error or short-circuit) and ends the request. */
    void respond(FullHttpResponse r, boolean forceClose) {
        proxied.done = true;
        proxied.origin.abandon();
        proxied.releaseHeld();
        boolean close = forceClose || !proxied.receiver.complete() || proxied.closeAfterResponse();
        if (close) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (!proxied.clientVersion.isKeepAliveDefault()) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        status = r.status().code();
        started = true;
        finish(r, close);
    }

    /**
     * Writes the last message of the response and hands the connection back. A kept-alive
     * connection's write takes no promise (a failed write surfaces as an exception on the
     * connection, which closes it); a closing one waits for the write, then closes.
     */
    private void finish(Object lastMessage, boolean close) {
        proxied.proxy.metrics.response(status);
        if (close) {
            ChannelPromise written = proxied.client.channel.newPromise();
            ctx.writeAndFlush(lastMessage, written);
            written.addListener((ChannelFuture f) -> proxied.proxy
                    .metrics
                    .requests()
                    .update(System.nanoTime() - proxied.startNanos, TimeUnit.NANOSECONDS));
            proxied.client.requestEnded(proxied, written, true);
        } else {
            ctx.writeAndFlush(lastMessage, ctx.voidPromise());
            proxied.proxy.metrics.requests().update(System.nanoTime() - proxied.startNanos, TimeUnit.NANOSECONDS);
            proxied.client.requestEnded(proxied, null, false);
        }
    }
}
