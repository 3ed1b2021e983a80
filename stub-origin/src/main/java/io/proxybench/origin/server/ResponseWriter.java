package io.proxybench.origin.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.proxybench.origin.OriginStats;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes one planned answer, normal or faulty, onto a connection. Shared by all connections;
 * holds no state of theirs.
 */
final class ResponseWriter {

    /** What the connection can do after an answer has been written. */
    enum Outcome {
        /** The next queued answer may follow. */
        OPEN,
        /** The connection is being closed; nothing more may be written. */
        CLOSING,
        /** The answer is still being written over time; the next one must wait for the completion callback. */
        BUSY
    }

    // Only this class sets response headers, from values that are constants or were already validated
    // when the request was decoded, so validating them again would only cost time.
    private static final HttpHeadersFactory HEADERS =
            DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final AsciiString OCTET_STREAM = AsciiString.cached("application/octet-stream");
    private static final AsciiString TEXT = AsciiString.cached("text/plain; charset=utf-8");
    private static final AsciiString JSON = AsciiString.cached("application/json");
    private static final byte[] GARBAGE_PREFIX = "NOT HTTP\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int GARBAGE_RANDOM_BYTES = 64;

    private final PayloadBuffers payloads;
    private final OriginCounters counters;
    private final int defaultPayloadSize;
    private final AsciiString defaultContentLength;

    ResponseWriter(PayloadBuffers payloads, OriginCounters counters, int defaultPayloadSize) {
        this.payloads = payloads;
        this.counters = counters;
        this.defaultPayloadSize = defaultPayloadSize;
        this.defaultContentLength = AsciiString.cached(Integer.toString(defaultPayloadSize));
    }

    /**
     * Writes {@code p} without flushing (except where a fault needs the bytes on the wire before it acts).
     * {@code closeAfter} closes the connection once the answer is out; {@code onBusyDone} runs when a
     * {@link Outcome#BUSY} answer has been written completely.
     */
    Outcome write(ChannelHandlerContext ctx, PendingResponse p, boolean closeAfter, Runnable onBusyDone) {
        switch (p.kind) {
            case STATS:
                return text(ctx, p, HttpResponseStatus.OK, JSON, StatsJson.render(counters.snapshot()), closeAfter);
            case STATS_RESET: {
                OriginStats before = counters.snapshot();
                counters.reset();
                return text(ctx, p, HttpResponseStatus.OK, JSON, StatsJson.render(before), closeAfter);
            }
            case BAD_REQUEST:
                return text(ctx, p, HttpResponseStatus.BAD_REQUEST, TEXT, utf8(p.problem + "\n"), closeAfter);
            case METHOD_NOT_ALLOWED: {
                HttpResponse res = responseHead(p, HttpResponseStatus.METHOD_NOT_ALLOWED, 0, TEXT, closeAfter);
                res.headers().set(HttpHeaderNames.ALLOW, p.problem);
                return finish(ctx, res, LastHttpContent.EMPTY_LAST_CONTENT, closeAfter);
            }
            case PAYLOAD:
            default:
                break;
        }
        if (p.fault == null) {
            return payload(ctx, p, closeAfter);
        }
        switch (p.fault) {
            case STATUS_500:
                return text(
                        ctx,
                        p,
                        HttpResponseStatus.INTERNAL_SERVER_ERROR,
                        TEXT,
                        utf8("fault injected: status-500\n"),
                        closeAfter);
            case RESET:
                return reset(ctx);
            case CLOSE_MID_BODY:
                return closeMidBody(ctx, p);
            case GARBAGE:
                return garbage(ctx);
            case SLOW_BODY:
                ctx.write(
                        responseHead(p, HttpResponseStatus.OK, p.payloadSize, OCTET_STREAM, closeAfter),
                        ctx.voidPromise());
                new SlowBodySender(ctx, payloads, p.head ? 0 : p.payloadSize, closeAfter, onBusyDone).start();
                return Outcome.BUSY;
            case STALL:
            default:
                throw new IllegalStateException("a stalled request is never answered");
        }
    }

    private Outcome payload(ChannelHandlerContext ctx, PendingResponse p, boolean closeAfter) {
        ctx.write(responseHead(p, HttpResponseStatus.OK, p.payloadSize, OCTET_STREAM, closeAfter), ctx.voidPromise());
        ChannelPromise last = closeAfter ? ctx.newPromise() : ctx.voidPromise();
        payloads.writeRange(ctx, 0, p.head ? 0 : p.payloadSize, true, last);
        if (closeAfter) {
            last.addListener(ChannelFutureListener.CLOSE);
            return Outcome.CLOSING;
        }
        return Outcome.OPEN;
    }

    private Outcome text(
            ChannelHandlerContext ctx,
            PendingResponse p,
            HttpResponseStatus status,
            AsciiString type,
            byte[] body,
            boolean closeAfter) {
        HttpResponse res = responseHead(p, status, body.length, type, closeAfter);
        LastHttpContent content =
                p.head ? LastHttpContent.EMPTY_LAST_CONTENT : new DefaultLastHttpContent(Unpooled.wrappedBuffer(body));
        return finish(ctx, res, content, closeAfter);
    }

    private static Outcome finish(
            ChannelHandlerContext ctx, HttpResponse res, LastHttpContent content, boolean closeAfter) {
        ctx.write(res, ctx.voidPromise());
        if (closeAfter) {
            ctx.write(content).addListener(ChannelFutureListener.CLOSE);
            return Outcome.CLOSING;
        }
        ctx.write(content, ctx.voidPromise());
        return Outcome.OPEN;
    }

    /** RST instead of an answer: earlier answers are flushed first, then the socket closes with SO_LINGER 0. */
    private static Outcome reset(ChannelHandlerContext ctx) {
        Channel channel = ctx.channel();
        rawWriter(ctx).writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f -> {
            channel.config().setOption(ChannelOption.SO_LINGER, 0);
            channel.close();
        });
        return Outcome.CLOSING;
    }

    /** Promises the whole body in Content-Length, sends half, then closes. */
    private Outcome closeMidBody(ChannelHandlerContext ctx, PendingResponse p) {
        ctx.write(responseHead(p, HttpResponseStatus.OK, p.payloadSize, OCTET_STREAM, false), ctx.voidPromise());
        if (!p.head) {
            payloads.writeRange(ctx, 0, p.payloadSize / 2, false, ctx.voidPromise());
        }
        rawWriter(ctx).writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        return Outcome.CLOSING;
    }

    private static Outcome garbage(ChannelHandlerContext ctx) {
        byte[] noise = new byte[GARBAGE_RANDOM_BYTES];
        ThreadLocalRandom.current().nextBytes(noise);
        ByteBuf bytes = ctx.alloc().buffer(GARBAGE_PREFIX.length + noise.length);
        bytes.writeBytes(GARBAGE_PREFIX).writeBytes(noise);
        rawWriter(ctx).writeAndFlush(bytes).addListener(ChannelFutureListener.CLOSE);
        return Outcome.CLOSING;
    }

    private HttpResponse responseHead(
            PendingResponse p,
            HttpResponseStatus status,
            int contentLength,
            AsciiString contentType,
            boolean closeAfter) {
        HttpResponse res = new DefaultHttpResponse(p.version, status, HEADERS);
        HttpHeaders h = res.headers();
        h.set(
                HttpHeaderNames.CONTENT_LENGTH,
                contentLength == defaultPayloadSize ? defaultContentLength : Integer.toString(contentLength));
        h.set(HttpHeaderNames.CONTENT_TYPE, contentType);
        if (p.requestId != null) {
            h.set(ResponsePlanner.X_REQUEST_ID, p.requestId);
        }
        if (closeAfter) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (p.version.equals(HttpVersion.HTTP_1_0)) {
            // HTTP/1.0 closes by default; a keep-alive answer has to say so.
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return res;
    }

    /** Writes below the HTTP encoder, for bytes that are deliberately not HTTP. */
    private static ChannelHandlerContext rawWriter(ChannelHandlerContext ctx) {
        return ctx.pipeline().context(HttpServerCodec.class);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
