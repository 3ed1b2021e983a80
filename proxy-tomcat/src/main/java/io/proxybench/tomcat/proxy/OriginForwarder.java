package io.proxybench.tomcat.proxy;

import io.proxybench.core.filter.FilterChain;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.http.ForwardedHeaders;
import io.proxybench.core.http.Headers;
import io.proxybench.core.http.HopByHopHeaders;
import io.proxybench.core.http.MapHeaders;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.tomcat.origin.OriginCall;
import io.proxybench.tomcat.origin.OriginClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import javax.servlet.ServletOutputStream;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.ProtocolVersion;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;

/**
 * Sends one exchange to its origin and relays the answer, blocking the request thread throughout:
 * the request body streams from the client into the origin connection while HttpClient sends it,
 * the response body from the origin connection to the client through one fixed buffer.
 */
final class OriginForwarder {

    /** Request headers the proxy sets itself (Host) or that HttpClient frames from the entity. */
    private static final String[] NOT_COPIED = {"Host", "Content-Length", "Transfer-Encoding", "Expect"};

    private final OriginClient client;
    private final FilterRunner filters;
    private final FilterChain outbound;
    private final ProxyMetrics metrics;
    private final ErrorResponses errors;
    private final String viaName;

    OriginForwarder(
            OriginClient client,
            FilterRunner filters,
            FilterChain outbound,
            ProxyMetrics metrics,
            ErrorResponses errors,
            String viaName) {
        this.client = client;
        this.filters = filters;
        this.outbound = outbound;
        this.metrics = metrics;
        this.errors = errors;
        this.viaName = viaName;
    }

    void forward(HttpServletRequest req, HttpServletResponse resp, ProxyExchange exchange, OriginAddress origin)
            throws IOException, InterruptedException {
        ClientBodyEntity body = bodyOf(req);
        // No host here (HttpClient takes it from the route), and the path is kept verbatim: the
        // (method, path) constructor would re-render it through java.net.URI.
        BasicClassicHttpRequest request =
                new BasicClassicHttpRequest(exchange.method(), (HttpHost) null, exchange.uri());
        copyRequestHeaders(exchange.requestHeaders(), request);
        request.setHeader("Host", origin.authority());
        request.setEntity(body);

        long sent = System.nanoTime();
        OriginCall call;
        try {
            call = client.open(origin, request);
        } catch (IOException e) {
            failedBeforeResponse(req, resp, origin, body, e);
            return;
        } catch (IllegalStateException e) {
            // HttpClient refuses once its pool is shut down, i.e. during shutdown.
            errors.fail(resp, ProxyError.SHUTTING_DOWN, e.getMessage());
            return;
        }
        metrics.originLatency().update(System.nanoTime() - sent, TimeUnit.NANOSECONDS);
        try {
            relay(req, resp, exchange, call);
        } finally {
            // A no-op after a clean close; otherwise (an unexpected exception) the connection must not be reused.
            call.abort();
        }
    }

    /** The client's body, if the request has one: sized by Content-Length or chunked. */
    private static ClientBodyEntity bodyOf(HttpServletRequest req) throws IOException {
        long length = req.getContentLengthLong();
        if (length >= 0) {
            return new ClientBodyEntity(req.getInputStream(), length);
        }
        if (req.getHeader("Transfer-Encoding") != null) {
            return new ClientBodyEntity(req.getInputStream(), -1);
        }
        return null;
    }

    private static void copyRequestHeaders(Headers headers, BasicClassicHttpRequest request) {
        for (String name : headers.names()) {
            if (notCopied(name)) {
                continue;
            }
            for (String value : headers.getAll(name)) {
                request.addHeader(name, value);
            }
        }
    }

    private static boolean notCopied(String name) {
        for (String n : NOT_COPIED) {
            if (n.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    private void failedBeforeResponse(
            HttpServletRequest req,
            HttpServletResponse resp,
            OriginAddress origin,
            ClientBodyEntity body,
            IOException failure)
            throws IOException {
        IOException clientSide = body == null ? null : body.clientFailure();
        if (clientSide instanceof SocketTimeoutException) {
            resp.setHeader("Connection", "close");
            errors.fail(resp, ProxyError.CLIENT_TIMEOUT, "request body from " + req.getRemoteAddr() + " stalled");
        } else if (clientSide != null) {
            errors.record(ProxyError.CLIENT_ABORT, "request body from " + req.getRemoteAddr() + ": " + clientSide);
            ConnectionAbortValve.abortAfterService(req);
        } else {
            errors.fail(resp, OriginFailures.classify(failure), origin + ": " + failure);
        }
    }

    private void relay(HttpServletRequest req, HttpServletResponse resp, ProxyExchange exchange, OriginCall call)
            throws IOException, InterruptedException {
        ClassicHttpResponse response = call.response();
        String framing = ResponseFraming.problem(response);
        if (framing != null) {
            call.abort();
            errors.fail(resp, ProxyError.ORIGIN_PROTOCOL, framing);
            return;
        }
        MapHeaders headers = new MapHeaders();
        for (Header h : response.getHeaders()) {
            headers.add(h.getName(), h.getValue());
        }
        HopByHopHeaders.strip(headers);
        exchange.setResponse(response.getCode(), headers);
        try {
            filters.run(outbound, exchange);
        } catch (FilterRunner.FilterFailure f) {
            call.abort();
            errors.fail(resp, ProxyError.FILTER, f.getMessage());
            return;
        } catch (InterruptedException e) {
            call.abort();
            throw e;
        }
        Headers answer = exchange.responseHeaders();
        ForwardedHeaders.addVia(answer, viaName, version(response.getVersion()));
        int status = exchange.responseStatus();
        resp.setStatus(status);
        for (String name : answer.names()) {
            for (String value : answer.getAll(name)) {
                resp.addHeader(name, value);
            }
        }
        metrics.response(status);
        HttpEntity entity = response.getEntity();
        if (entity == null) {
            call.close();
            return;
        }
        copyBody(req, resp, entity, call);
    }

    private void copyBody(HttpServletRequest req, HttpServletResponse resp, HttpEntity entity, OriginCall call)
            throws IOException {
        long expected = entity.getContentLength();
        byte[] buffer = new byte
                [(int)
                        (expected >= 0
                                ? Math.max(1, Math.min(ClientBodyEntity.BUFFER_SIZE, expected))
                                : ClientBodyEntity.BUFFER_SIZE)];
        ServletOutputStream out = resp.getOutputStream();
        long copied = 0;
        InputStream in;
        try {
            in = entity.getContent();
        } catch (IOException e) {
            originFailedMidResponse(req, resp, call, e, copied);
            return;
        }
        while (true) {
            int n;
            boolean drained;
            try {
                n = in.read(buffer);
                // Pass on what has arrived before waiting for more, unless the body is complete
                // (then finishing the response sends it in the same write as the head).
                drained = n > 0 && (expected < 0 || copied + n < expected) && in.available() == 0;
            } catch (IOException e) {
                originFailedMidResponse(req, resp, call, e, copied);
                return;
            }
            if (n < 0) {
                break;
            }
            try {
                out.write(buffer, 0, n);
                copied += n;
                if (drained) {
                    out.flush();
                }
            } catch (IOException e) {
                call.abort();
                errors.record(
                        ProxyError.CLIENT_ABORT,
                        "response to " + req.getRemoteAddr() + " after " + copied + " body bytes: " + e);
                ConnectionAbortValve.abortAfterService(req);
                return;
            }
        }
        // Read to the end: the connection has gone back to the pool.
        call.close();
    }

    /**
     * The response has begun (status and headers are set, maybe sent): send what there is, then
     * close the client connection so that the short body cannot pass for a complete one.
     */
    private void originFailedMidResponse(
            HttpServletRequest req, HttpServletResponse resp, OriginCall call, IOException failure, long copied) {
        call.abort();
        errors.record(OriginFailures.classify(failure), "origin failed after " + copied + " body bytes: " + failure);
        try {
            resp.flushBuffer();
        } catch (IOException clientGone) {
            // Nothing more can reach the client either way.
        }
        ConnectionAbortValve.abortAfterService(req);
    }

    private static String version(ProtocolVersion v) {
        return v == null ? "1.1" : v.getMajor() + "." + v.getMinor();
    }
}
