package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.http.ProxyError;
import io.proxybench.netty.http.NettyHeaders;
import io.proxybench.netty.origin.OriginListener;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The origin-to-proxy direction of one request: checks the response head, runs the outbound
 * filters (holding the body that arrives meanwhile, with the origin's reads paused), and passes
 * the response on to {@link ClientResponseWriter}. Pauses the origin's reads while the client
 * cannot take more bytes, and resumes them when it can.
 *
 * <p>An origin failure that arrives while outbound filters run is held back until the head is out:
 * the client gets the head and what body came, then sees the failure.
 */
final class OriginResponseReceiver implements OriginListener {

    private final ProxiedRequest proxied;
    private final OriginRelay relay;
    private long attemptStartNanos;
    private HttpResponse response;
    private boolean originKeepAlive;
    private boolean originChunked;
    private boolean filtering;
    private ArrayDeque<HttpObject> held;
    /** The response's end is among what is held: nothing more will come to hold. */
    private boolean heldEnd;

    private boolean readsPaused;
    private ProxyError deferredError;
    private Throwable deferredCause;

    OriginResponseReceiver(ProxiedRequest proxied, OriginRelay relay) {
        this.proxied = proxied;
        this.relay = relay;
    }

    /** The request is about to go to a connection: the origin's latency counts from here. */
    void attemptStarted() {
        attemptStartNanos = System.nanoTime();
    }

    /** The attempt's connection is given up before any response: its read switch goes with it. */
    void attemptAbandoned() {
        readsPaused = false;
    }

    @Override
    public EventExecutor clientLoop() {
        return proxied.client.channel.eventLoop();
    }

    @Override
    public void originRead(HttpObject msg) {
        relay.announced();
        if (proxied.done) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg.decoderResult().isFailure()) {
            Throwable cause = msg.decoderResult().cause();
            ReferenceCountUtil.release(msg);
            proxied.fail(ProxyError.ORIGIN_PROTOCOL, cause);
            return;
        }
        if (msg instanceof HttpResponse r) {
            head(r);
            if (!(msg instanceof HttpContent)) {
                return;
            }
            if (proxied.done) {
                ReferenceCountUtil.release(msg);
                return;
            }
        }
        if (msg instanceof HttpContent content) {
            if (filtering) {
                heldEnd |= content instanceof LastHttpContent;
                held.add(content);
            } else {
                content(content);
            }
        }
    }

    private void head(HttpResponse r) {
        proxied.proxy.metrics.originLatency().update(System.nanoTime() - attemptStartNanos, TimeUnit.NANOSECONDS);
        if (r.status().code() == 101) {
            proxied.fail(ProxyError.ORIGIN_PROTOCOL, new IllegalStateException("origin switched protocols unasked"));
            return;
        }
        if (!ResponseChecks.framedSoundly(r)) {
            proxied.fail(ProxyError.ORIGIN_PROTOCOL, new IllegalStateException("ambiguous response framing"));
            return;
        }
        response = r;
        originKeepAlive = HttpUtil.isKeepAlive(r);
        originChunked = HttpUtil.isTransferEncodingChunked(r);
        if (proxied.skipsFilters(false)) {
            // No outbound filter: nothing reads the response through the filter API, so no view of it is made.
            proxied.exchange.setResponseStatus(r.status().code());
            startResponse();
            return;
        }
        proxied.exchange.setResponse(r.status().code(), new NettyHeaders(r.headers()));
        filtering = true;
        held = new ArrayDeque<>(4);
        heldEnd = false;
        // Reads pause at the end of this read burst, and only if the response is not all in by then
        // (see originReadComplete): a small response usually is, and pausing and resuming would cost
        // two changes of the origin socket's epoll registration, each a hop when that socket lives
        // on another loop.
        proxied.runFilters(false);
    }

    void filterDone() {
        filtering = false;
    }

    /** After the outbound filters (or at once without any): the head goes out, then what was held. */
    void startResponse() {
        filtering = false;
        proxied.writer.writeHead(response, originChunked);
        ArrayDeque<HttpObject> h = held;
        held = null;
        if (h != null) {
            HttpObject m;
            while (!proxied.done && (m = h.poll()) != null) {
                content((HttpContent) m);
            }
            if (!proxied.done) {
                resumeReads();
            }
        }
        if (deferredError != null && !proxied.done) {
            proxied.fail(deferredError, deferredCause);
        }
    }

    private void content(HttpContent content) {
        if (content instanceof LastHttpContent last) {
            proxied.done = true;
            relay.responseComplete(originKeepAlive);
            proxied.writer.end(last);
            return;
        }
        proxied.writer.writeContent(content);
    }

    @Override
    public void originReadComplete() {
        relay.announced();
        if (filtering && !heldEnd) {
            pauseReads(); // bounded: what is held is at most one read burst
        }
        if (!proxied.done) {
            proxied.writer.flush();
        }
    }

    @Override
    public void originWritabilityChanged(boolean writable) {
        relay.announced();
        proxied.client.updateReading();
    }

    @Override
    public void originFailed(ProxyError error, Throwable cause) {
        relay.announced();
        if (proxied.done) {
            return;
        }
        relay.attemptFailed(error, cause, response != null);
    }

    /** Holds {@code error} back while outbound filters run; true when it did. */
    boolean deferFailure(ProxyError error, Throwable cause) {
        if (!filtering) {
            return false;
        }
        if (deferredError == null) {
            deferredError = error;
            deferredCause = cause;
        }
        return true;
    }

    void clientWritabilityChanged(boolean writable) {
        if (writable && readsPaused && !filtering) {
            resumeReads();
        }
    }

    void pauseReads() {
        Channel ch = relay.channel();
        if (!readsPaused && ch != null) {
            readsPaused = true;
            ch.config().setAutoRead(false);
        }
    }

    void resumeReads() {
        Channel ch = relay.channel();
        if (readsPaused && ch != null) {
            readsPaused = false;
            ch.config().setAutoRead(true);
        }
    }

    void releaseHeld() {
        if (held != null) {
            HttpObject m;
            while ((m = held.poll()) != null) {
                ReferenceCountUtil.release(m);
            }
        }
    }
}
