package io.proxybench.origin.server;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.proxybench.origin.StubOriginOptions;
import io.proxybench.origin.behavior.FaultKind;
import io.proxybench.origin.behavior.FaultMix;
import io.proxybench.origin.behavior.LatencyModel;

/** Decides each request's answer from the origin's options and the request's {@code X-Origin-*} headers. */
final class ResponsePlanner {

    static final AsciiString X_REQUEST_ID = AsciiString.cached("x-request-id");
    static final AsciiString X_ORIGIN_FAULT = AsciiString.cached("x-origin-fault");
    static final AsciiString X_ORIGIN_LATENCY = AsciiString.cached("x-origin-latency");
    static final AsciiString X_ORIGIN_PAYLOAD_SIZE = AsciiString.cached("x-origin-payload-size");

    static final String ADMIN_PREFIX = "/_origin/";
    static final String STATS_PATH = "/_origin/stats";
    static final String STATS_RESET_PATH = "/_origin/stats/reset";

    private final LatencyModel latency;
    private final FaultMix faultMix;
    private final int payloadSize;
    private final OriginCounters counters;

    ResponsePlanner(StubOriginOptions options, OriginCounters counters) {
        this.latency = options.latency();
        this.faultMix = options.faultMix();
        this.payloadSize = options.payloadSize();
        this.counters = counters;
    }

    /** Plans the answer from the request head; the body, if any, is still to come. */
    PendingResponse plan(HttpRequest request) {
        HttpHeaders headers = request.headers();
        PendingResponse p = new PendingResponse(
                request.protocolVersion(),
                HttpUtil.isKeepAlive(request),
                HttpMethod.HEAD.equals(request.method()),
                headers.get(X_REQUEST_ID));
        String uri = request.uri();
        if (uri.startsWith(ADMIN_PREFIX)) {
            String path = pathOf(uri);
            if (path.equals(STATS_PATH)) {
                return planAdmin(p, request.method(), PendingResponse.Kind.STATS, "GET, HEAD");
            }
            if (path.equals(STATS_RESET_PATH)) {
                return planAdmin(p, request.method(), PendingResponse.Kind.STATS_RESET, "POST");
            }
        }
        p.payloadSize = payloadSize;
        AsciiString directive = X_ORIGIN_FAULT;
        try {
            String faultHeader = headers.get(X_ORIGIN_FAULT);
            if (faultHeader == null) {
                p.fault = faultMix.pick();
            } else if (!faultHeader.trim().equalsIgnoreCase("none")) {
                p.fault = FaultKind.fromWireName(faultHeader);
            }
            directive = X_ORIGIN_LATENCY;
            String latencyHeader = headers.get(X_ORIGIN_LATENCY);
            p.delayNanos = (latencyHeader == null ? latency : LatencyModel.parse(latencyHeader)).sampleNanos();
            directive = X_ORIGIN_PAYLOAD_SIZE;
            String sizeHeader = headers.get(X_ORIGIN_PAYLOAD_SIZE);
            if (sizeHeader != null) {
                p.payloadSize = parsePayloadSize(sizeHeader);
            }
        } catch (IllegalArgumentException e) {
            return p.rejected(PendingResponse.Kind.BAD_REQUEST, directive + ": " + e.getMessage());
        }
        return p;
    }

    /** The answer to bytes that are not a readable HTTP request: 400, then close. */
    PendingResponse unreadable(String problem) {
        return new PendingResponse(HttpVersion.HTTP_1_1, false, false, null)
                .rejected(PendingResponse.Kind.BAD_REQUEST, problem);
    }

    /** The request has been read to its end: count it. */
    void complete(PendingResponse p) {
        if (p.kind == PendingResponse.Kind.PAYLOAD || p.kind == PendingResponse.Kind.BAD_REQUEST) {
            counters.requests.increment();
        }
        if (p.fault != null) {
            counters.countFault(p.fault);
        }
    }

    private static PendingResponse planAdmin(
            PendingResponse p, HttpMethod method, PendingResponse.Kind kind, String allowed) {
        boolean allowedMethod = kind == PendingResponse.Kind.STATS
                ? HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)
                : HttpMethod.POST.equals(method);
        if (!allowedMethod) {
            return p.rejected(PendingResponse.Kind.METHOD_NOT_ALLOWED, allowed);
        }
        p.kind = kind;
        return p;
    }

    private static int parsePayloadSize(String text) {
        long size;
        try {
            size = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a byte count");
        }
        if (size < 0 || size > StubOriginOptions.MAX_PAYLOAD_SIZE) {
            throw new IllegalArgumentException("'" + text + "' is outside 0.." + StubOriginOptions.MAX_PAYLOAD_SIZE);
        }
        return (int) size;
    }

    private static String pathOf(String uri) {
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }
}
