package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.route.Route;
import io.proxybench.netty.http.NettyHeaders;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The client-to-proxy direction of one request: checks the decoded head, runs the inbound
 * filters, picks the route, and takes the body from the client. Body pieces pass on to the
 * origin as the decoder sliced them (retained buffers, never copied); while no origin connection
 * is ready they are held, up to a bound after which reading from the client pauses.
 */
final class ClientRequestReceiver {

    /** Request body bytes held while no origin connection is ready, before reading pauses. */
    static final int MAX_BUFFERED_BODY = 64 * 1024;

    private final ProxiedRequest proxied;
    private boolean complete;
    private long bodyBytes;
    /** The first piece of body held, and the rest: most requests hold just their end marker. */
    private HttpContent firstHeld;

    private ArrayDeque<HttpContent> heldBody;
    private int heldBytes;

    ClientRequestReceiver(ProxiedRequest proxied) {
        this.proxied = proxied;
    }

    /** The whole request, end marker included, has come from the client. */
    boolean complete() {
        return complete;
    }

    /** Body bytes received so far. */
    long bodyBytes() {
        return bodyBytes;
    }

    void start() {
        HttpRequest request = proxied.request;
        if (request.decoderResult().isFailure()) {
            refuse();
            ReferenceCountUtil.release(request);
            proxied.fail(
                    RequestChecks.decoderError(request.decoderResult().cause()),
                    request.decoderResult().cause());
            return;
        }
        ProxyError framing = RequestChecks.framingError(request);
        if (framing != null) {
            refuse(); // the body, if any, cannot be framed: the connection cannot go on
            proxied.fail(framing, new IllegalArgumentException("request framing refused"));
            return;
        }
        if (!RequestChecks.hasValidHost(request)) {
            refuse(); // its body, if any, is not worth reading
            proxied.fail(ProxyError.BAD_REQUEST, new IllegalArgumentException("missing or repeated Host header"));
            return;
        }
        if (HttpMethod.CONNECT.equals(request.method())) {
            complete = true;
            proxied.fail(ProxyError.BAD_REQUEST, null);
            return;
        }
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect.trim())) {
            complete = true;
            proxied.writer.respond(
                    new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.EXPECTATION_FAILED), true);
            return;
        }
        if (expect != null) {
            // Answered here, so the origin never holds the body back waiting for a 100 of its own.
            request.headers().remove(HttpHeaderNames.EXPECT);
            if (proxied.clientVersion.compareTo(HttpVersion.HTTP_1_1) >= 0) {
                proxied.writer.writeContinue();
            }
        }
        proxied.exchange = new ProxyExchange(
                request.method().name(),
                request.uri(),
                request.protocolVersion().text(),
                new NettyHeaders(request.headers()),
                proxied.client.clientAddress);
        if (proxied.skipsFilters(true)) {
            route();
        } else {
            proxied.runFilters(true);
        }
    }

    /** A head that cannot be served: nothing more of this request is read as its own. */
    private void refuse() {
        complete = true;
        proxied.mustClose = true;
    }

    /** After the inbound filters let the request through: rewrite the head for its origin and go there. */
    void route() {
        Route route = proxied.proxy.routes.match(proxied.exchange.path());
        if (route == null) {
            proxied.fail(ProxyError.NO_ROUTE, null);
            return;
        }
        proxied.origin.connect(route.origins().next());
    }

    void content(Object msg) {
        if (!(msg instanceof HttpContent content)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (last) {
            complete = true;
        }
        if (content.decoderResult().isFailure()) {
            refuse();
            Throwable cause = content.decoderResult().cause();
            content.release();
            proxied.fail(RequestChecks.decoderError(cause), cause);
            return;
        }
        if (proxied.done) {
            content.release();
            return;
        }
        int bytes = content.content().readableBytes();
        bodyBytes += bytes;
        if (!proxied.origin.connected()) {
            hold(content, bytes);
            return;
        }
        proxied.origin.writeBody(content, last);
    }

    private void hold(HttpContent content, int bytes) {
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
            proxied.client.updateReading();
        }
    }

    /** Whether body is held for an origin connection not yet ready. */
    boolean holdsBody() {
        return firstHeld != null;
    }

    /** Whether the held body is small enough to keep reading while no origin connection is ready. */
    boolean roomToHold() {
        return heldBytes <= MAX_BUFFERED_BODY;
    }

    /**
     * Moves the request for an origin connection on another loop to {@code out}: the head, then
     * the body held while no connection was ready; true when that is the whole request.
     */
    boolean moveRequestTo(List<Object> out) {
        out.add(proxied.request);
        if (holdsBody()) {
            return moveHeldTo(out);
        }
        if (complete) {
            // A retry of a bodyless request: its end marker went to the failed connection.
            out.add(LastHttpContent.EMPTY_LAST_CONTENT);
            return true;
        }
        return false;
    }

    private boolean moveHeldTo(List<Object> out) {
        boolean last = false;
        HttpContent c = firstHeld;
        firstHeld = null;
        while (c != null) {
            last |= c instanceof LastHttpContent;
            out.add(c);
            c = heldBody == null ? null : heldBody.poll();
        }
        heldBytes = 0;
        return last;
    }

    /**
     * Writes (without flushing) the body held while no origin connection was ready; returns true
     * when that included the end marker.
     */
    boolean writeHeldTo(Channel originChannel) {
        boolean lastWritten = false;
        HttpContent c = firstHeld;
        firstHeld = null;
        while (c != null) {
            if (c instanceof LastHttpContent) {
                lastWritten = true;
            }
            originChannel.write(c, originChannel.voidPromise());
            c = heldBody == null ? null : heldBody.poll();
        }
        heldBytes = 0;
        return lastWritten;
    }

    void releaseHeld() {
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
    }
}
