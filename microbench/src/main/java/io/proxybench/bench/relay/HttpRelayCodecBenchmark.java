package io.proxybench.bench.relay;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.proxybench.bench.MicroBenchmark;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The codec half of relaying one request and its response, as the proxy does it: bytes decoded
 * on one side, the decoded messages written to the other side's encoder, one flush per read
 * burst (what the proxy does) or one per message (what it did for a request head and its end
 * marker). Embedded channels stand in for the sockets, so no system call is measured; the
 * difference between the two flush modes is the pipeline work a flush costs.
 */
@State(Scope.Thread)
public class HttpRelayCodecBenchmark extends MicroBenchmark {

    private static final byte[] REQUEST = ("GET /api/items?page=2 HTTP/1.1\r\n"
                    + "Host: shop.example:8080\r\n"
                    + "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\n"
                    + "Accept: text/html,application/xhtml+xml\r\n"
                    + "Accept-Language: en-GB,en;q=0.9\r\n"
                    + "Accept-Encoding: gzip, deflate\r\n"
                    + "Connection: keep-alive\r\n"
                    + "Cookie: session=abc123; theme=dark\r\n"
                    + "X-Request-Id: 7f1c2a\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);

    @Param({"perBurst", "perMessage"})
    public String flush;

    private boolean flushEachMessage;
    private ByteBuf request;
    private ByteBuf response;
    private EmbeddedChannel clientIn;
    private EmbeddedChannel originOut;
    private EmbeddedChannel originIn;
    private EmbeddedChannel clientOut;

    @Setup
    public void create() {
        flushEachMessage = "perMessage".equals(flush);
        request = Unpooled.unreleasableBuffer(
                Unpooled.directBuffer(REQUEST.length).writeBytes(REQUEST));
        byte[] body = new byte[1024];
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + body.length
                        + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        response = Unpooled.unreleasableBuffer(Unpooled.directBuffer(head.length + body.length)
                .writeBytes(head)
                .writeBytes(body));
        clientIn = new EmbeddedChannel(new HttpRequestDecoder());
        originOut = new EmbeddedChannel(new HttpRequestEncoder());
        originIn = new EmbeddedChannel(new HttpResponseDecoder());
        clientOut = new EmbeddedChannel(new HttpResponseEncoder());
    }

    @TearDown
    public void close() {
        clientIn.finishAndReleaseAll();
        originOut.finishAndReleaseAll();
        originIn.finishAndReleaseAll();
        clientOut.finishAndReleaseAll();
    }

    /** A browser-like GET from the client's bytes to the bytes written to the origin. */
    @Benchmark
    public int forwardRequestHead() {
        clientIn.writeInbound(request.duplicate());
        return relay(clientIn, originOut);
    }

    /** A 1 KiB response from the origin's bytes to the bytes written to the client. */
    @Benchmark
    public int relayResponse() {
        originIn.writeInbound(response.duplicate());
        return relay(originIn, clientOut);
    }

    private int relay(EmbeddedChannel from, EmbeddedChannel to) {
        Object m;
        while ((m = from.readInbound()) != null) {
            to.write(m, to.voidPromise());
            if (flushEachMessage) {
                to.flush();
            }
        }
        to.flush();
        int bytes = 0;
        ByteBuf out;
        while ((out = to.readOutbound()) != null) {
            bytes += out.readableBytes();
            out.release();
        }
        return bytes;
    }

    public static void main(String[] args) throws RunnerException {
        run(HttpRelayCodecBenchmark.class);
    }
}
