package io.proxybench.netty.relay;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.proxybench.core.filter.FilterChain;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.http.ProxyError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request's way through the proxy, from its decoded head to the last byte of its response.
 * Holds what every part reads (the request, the client's protocol, the filters' view of it) and
 * whether the request is over; the work is done by one part per direction:
 * {@link ClientRequestReceiver} (head checks, routing, body from the client), {@link OriginRelay}
 * (origin connection, request out, response in, retry) and {@link ClientResponseWriter}
 * (response out, errors made here, the end).
 *
 * <p>Everything runs on the client connection's loop; origin events hop here (see
 * {@code OriginResponseHandler}), filter results too (see {@link FilterStage}).
 */
final class ProxiedRequest implements FilterStage.Done {

    private static final Logger log = LoggerFactory.getLogger(ProxiedRequest.class);

    final ClientConnectionHandler client;
    final ProxyContext proxy;
    final HttpRequest request;
    final long startNanos;
    final boolean clientKeepAlive;
    /** The client's protocol version; the request object is switched to 1.1 for the origin. */
    final HttpVersion clientVersion;

    final boolean head;
    final ClientRequestReceiver receiver;
    final OriginRelay origin;
    final ClientResponseWriter writer;
    /** What filters see; set once the head has passed its checks. */
    ProxyExchange exchange;
    /** The byte stream from the client can no longer be trusted (decoder failure): close after answering. */
    boolean mustClose;
    /** The response is out (or abandoned): nothing more happens for this request. */
    boolean done;

    ProxiedRequest(ClientConnectionHandler client, HttpRequest request) {
        this.client = client;
        this.proxy = client.proxy;
        this.request = request;
        this.startNanos = System.nanoTime();
        RequestChecks.serveHigherMinorAs11(request);
        this.clientKeepAlive = HttpUtil.isKeepAlive(request);
        this.clientVersion = request.protocolVersion();
        this.head = HttpMethod.HEAD.equals(request.method());
        this.receiver = new ClientRequestReceiver(this);
        this.origin = new OriginRelay(this);
        this.writer = new ClientResponseWriter(this);
    }

    void start() {
        receiver.start();
    }

    /** Whether this direction's filter chain is empty, so the request goes on without a filter stage. */
    boolean skipsFilters(boolean inbound) {
        return proxy.filters.runsInline(filterChain(inbound));
    }

    /** Runs this direction's filters; {@link #filtered} hears the outcome on the client connection's loop. */
    void runFilters(boolean inbound) {
        proxy.filters.run(filterChain(inbound), inbound, exchange, client.channel.eventLoop(), this);
    }

    private FilterChain filterChain(boolean inbound) {
        return inbound ? proxy.chains.inbound() : proxy.chains.outbound();
    }

    boolean requestComplete() {
        return receiver.complete();
    }

    /** Body of this request from the client (or a stray message the decoder produced). */
    void requestContent(Object msg) {
        receiver.content(msg);
    }

    void clientReadComplete() {
        origin.flushRequest();
    }

    /** Whether more client bytes are welcome now (read by the connection's read switch). */
    boolean wantsClientBytes() {
        if (receiver.complete() || done) {
            return true;
        }
        return origin.takesRequestBytes();
    }

    void clientWritabilityChanged(boolean writable) {
        origin.clientWritabilityChanged(writable);
    }

    @Override
    public void filtered(boolean inbound, FilterOutcome outcome, Throwable failure) {
        if (!inbound) {
            origin.responseFilterDone();
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
                writer.respond(ErrorResponses.shortCircuit(outcome, closeAfterResponse()), false);
            } else {
                receiver.route();
            }
        } else {
            origin.startResponse();
        }
    }

    /** The client connection closed under us. */
    void clientGone() {
        if (done) {
            return;
        }
        proxy.metrics.error(ProxyError.CLIENT_ABORT);
        done = true;
        origin.abandon();
        releaseHeld();
    }

    /** Ends the request with {@code error}: an error response, or a close if part of the response is out. */
    void fail(ProxyError error, Throwable cause) {
        if (done) {
            return;
        }
        if (origin.deferFailure(error, cause)) {
            return;
        }
        proxy.metrics.error(error);
        if (log.isDebugEnabled()) {
            log.debug(
                    "{} {} from {} -> {}: {}",
                    request.method(),
                    request.uri(),
                    client.clientAddress,
                    error,
                    cause == null ? "" : cause.toString());
        }
        origin.abandon();
        releaseHeld();
        writer.failed(error);
    }

    boolean closeAfterResponse() {
        return mustClose || !clientKeepAlive || proxy.isDraining() || client.isClosing();
    }

    /** Releases every buffer held for a later write, in either direction. */
    void releaseHeld() {
        receiver.releaseHeld();
        origin.releaseHeld();
    }

    @Override
    public String toString() {
        return request.method() + " " + request.uri() + " from " + client.clientAddress;
    }
}
