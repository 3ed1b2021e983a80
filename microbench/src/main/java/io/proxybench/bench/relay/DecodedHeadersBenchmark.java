package io.proxybench.bench.relay;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInboundHandler;
import io.netty.channel.ChannelOutboundHandler;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.bench.MicroBenchmark;
import io.proxybench.netty.http.CompactHeadersFactory;
import io.proxybench.netty.origin.OriginHttpCodec;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Decoding a request head and a fixed-length response with Netty's default header tables (a hash
 * table per message, one for the response's trailers too) and Netty's client codec, against the
 * proxy's {@link CompactHeadersFactory} and {@link OriginHttpCodec}, then looking up a few headers
 * as the proxy does; and a request head's whole way through the proxy (decode, forwarding headers
 * added, encoded by the origin connection's codec, whose answer, an empty 204, is read back so the
 * codec's queue of awaited responses stays as short as on a real connection). {@code
 * compact-wrapped} is the proxy's codec inside a {@code CombinedChannelDuplexHandler}, as it was
 * before its two handlers went into the pipeline directly. Run with {@code -prof gc} to see the
 * bytes allocated per operation next to the time.
 */
@State(Scope.Thread)
public class DecodedHeadersBenchmark extends MicroBenchmark {

    private static final byte[] REQUEST = ("GET /api/items?page=2 HTTP/1.1\r\n"
                    + "Host: shop.example:8080\r\n"
                    + "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\n"
                    + "Accept: text/html,application/xhtml+xml\r\n"
                    + "Accept-Encoding: gzip, deflate\r\n"
                    + "Connection: keep-alive\r\n"
                    + "X-Request-Id: 7f1c2a\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);

    private static final AsciiString X_FORWARDED_FOR = AsciiString.cached("X-Forwarded-For");
    private static final AsciiString X_FORWARDED_PROTO = AsciiString.cached("X-Forwarded-Proto");
    private static final AsciiString VIA = AsciiString.cached("Via");

    @Param({"netty", "compact", "compact-wrapped"})
    public String headers;

    private ByteBuf request;
    private ByteBuf response;
    private EmbeddedChannel requests;
    private EmbeddedChannel responses;
    private EmbeddedChannel relayed;
    private EmbeddedChannel toOrigin;
    private ByteBuf noContent;

    @Setup
    public void create() {
        request = Unpooled.unreleasableBuffer(
                Unpooled.directBuffer(REQUEST.length).writeBytes(REQUEST));
        byte[] body = new byte[1024];
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + body.length
                        + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        response = Unpooled.unreleasableBuffer(Unpooled.directBuffer(head.length + body.length)
                .writeBytes(head)
                .writeBytes(body));
        HttpDecoderConfig config = new HttpDecoderConfig();
        if (headers.startsWith("compact")) {
            config.setHeadersFactory(CompactHeadersFactory.HEADERS).setTrailersFactory(CompactHeadersFactory.TRAILERS);
        } else {
            config.setHeadersFactory(DefaultHttpHeadersFactory.headersFactory())
                    .setTrailersFactory(DefaultHttpHeadersFactory.trailersFactory());
        }
        requests = new EmbeddedChannel(new HttpRequestDecoder(config));
        responses = new EmbeddedChannel(originCodec(config));
        relayed = new EmbeddedChannel(new HttpRequestDecoder(config.clone()));
        toOrigin = new EmbeddedChannel(originCodec(config));
        byte[] answer = "HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        noContent =
                Unpooled.unreleasableBuffer(Unpooled.directBuffer(answer.length).writeBytes(answer));
    }

    /**
     * The origin connection's codec: Netty's, the proxy's two handlers, or the proxy's two inside one
     * {@code CombinedChannelDuplexHandler} as the proxy had them before (what the wrapper costs).
     */
    private ChannelHandler[] originCodec(HttpDecoderConfig config) {
        if ("netty".equals(headers)) {
            return new ChannelHandler[] {new HttpClientCodec(config.clone(), false, false)};
        }
        ChannelHandler[] pair = OriginHttpCodec.handlers(config.clone());
        if ("compact".equals(headers)) {
            return pair;
        }
        return new ChannelHandler[] {
            new CombinedChannelDuplexHandler<>((ChannelInboundHandler) pair[0], (ChannelOutboundHandler) pair[1])
        };
    }

    @TearDown
    public void close() {
        requests.finishAndReleaseAll();
        responses.finishAndReleaseAll();
        relayed.finishAndReleaseAll();
        toOrigin.finishAndReleaseAll();
        noContent.unwrap().release();
    }

    /** A browser-like request head, then the lookups the proxy's checks make on it. */
    @Benchmark
    public int decodeRequestHead() {
        requests.writeInbound(request.duplicate());
        return drain(requests);
    }

    /** A 1 KiB fixed-length response: head, body and the end marker with its (empty) trailers. */
    @Benchmark
    public int decodeResponse() {
        responses.writeInbound(response.duplicate());
        return drain(responses);
    }

    /** A request head decoded, given the headers a proxy adds, and encoded again for the origin. */
    @Benchmark
    public int relayRequestHead() {
        relayed.writeInbound(request.duplicate());
        int n = 0;
        Object m;
        while ((m = relayed.readInbound()) != null) {
            if (m instanceof HttpRequest req) {
                req.headers()
                        .remove(HttpHeaderNames.CONNECTION)
                        .set(X_FORWARDED_FOR, "10.0.0.7")
                        .set(X_FORWARDED_PROTO, "http")
                        .add(VIA, "1.1 proxybench");
            }
            toOrigin.writeOutbound(m);
            n++;
        }
        ByteBuf out;
        while ((out = toOrigin.readOutbound()) != null) {
            n += out.readableBytes();
            out.release();
        }
        toOrigin.writeInbound(noContent.duplicate());
        return n + drain(toOrigin);
    }

    private static int drain(EmbeddedChannel ch) {
        int n = 0;
        Object m;
        while ((m = ch.readInbound()) != null) {
            if (m instanceof HttpMessage msg) {
                n += msg.headers().contains("Transfer-Encoding") ? 1 : 0;
                n += msg.headers().contains("Connection") ? 1 : 0;
                n += msg.headers().get("Host") != null ? 1 : 0;
            }
            ReferenceCountUtil.release(m);
            n++;
        }
        return n;
    }

    public static void main(String[] args) throws RunnerException {
        run(DecodedHeadersBenchmark.class);
    }
}
