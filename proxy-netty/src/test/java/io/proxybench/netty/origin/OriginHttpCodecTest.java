package io.proxybench.netty.origin;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.netty.http.CompactHeadersFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OriginHttpCodecTest {

    private final EmbeddedChannel origin = new EmbeddedChannel(OriginHttpCodec.handlers(new HttpDecoderConfig()
            .setHeadersFactory(CompactHeadersFactory.HEADERS)
            .setTrailersFactory(CompactHeadersFactory.TRAILERS)));

    @AfterEach
    void close() {
        origin.finishAndReleaseAll();
    }

    @Test
    void aResponseToHeadHasNoBodyAndTheNextResponseOnTheConnectionIsReadWhole() {
        send(HttpMethod.HEAD);
        send(HttpMethod.GET);
        List<Object> read = receive("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
                + "HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
        assertThat(read).hasSize(6);
        assertThat(read.get(1)).isInstanceOf(LastHttpContent.class);
        assertThat(((HttpContent) read.get(1)).content().readableBytes())
                .as("HEAD answer body")
                .isZero();
        assertThat(((HttpResponse) read.get(2)).status().code()).isEqualTo(100);
        HttpResponse get = (HttpResponse) read.get(4);
        assertThat(get.status()).isSameAs(HttpResponseStatus.OK);
        assertThat(((HttpContent) read.get(5)).content().toString(StandardCharsets.US_ASCII))
                .isEqualTo("hello");
        read.forEach(ReferenceCountUtil::release);
    }

    /** Shared words must never change a byte: odd case, odd reasons and unknown names pass as sent. */
    @Test
    void aHeadEncodedAgainIsByteForByteTheOneTheOriginSent() {
        String[] heads = {
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nContent-Type: text/plain\r\nVia: 1.0 a\r\n\r\n",
            "HTTP/1.1 200 Fine\r\ncontent-length: 0\r\nCONTENT-TYPE: x\r\nX-Custom: y\r\n\r\n",
            "HTTP/1.0 404 Not Found\r\nContent-length: 0\r\nDate: Mon, 23 Nov 2026 10:00:00 GMT\r\n\r\n",
            "HTTP/1.1 299 Not Found\r\ncontent-type: a\r\nServer: s\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
        };
        for (String head : heads) {
            send(HttpMethod.GET);
            List<Object> read = receive(head);
            EmbeddedChannel client = new EmbeddedChannel(new HttpResponseEncoder());
            read.forEach(client::writeOutbound);
            StringBuilder out = new StringBuilder();
            ByteBuf b;
            while ((b = client.readOutbound()) != null) {
                out.append(b.toString(StandardCharsets.US_ASCII));
                b.release();
            }
            client.finishAndReleaseAll();
            assertThat(out.toString()).isEqualTo(head);
        }
    }

    /** Compact headers are written by position: the bytes must be the ones Netty's own encoder writes. */
    @Test
    void aRequestWithCompactHeadersIsWrittenAsNettysEncoderWritesIt() {
        String[][] headers = {
            {"Host", "origin:9000"},
            {"x-odd-Case", "caf\u00e9 \u00ff"},
            {"Via", "1.1 a, 1.1 b"},
            {"Transfer-Encoding", "chunked"},
            {"Empty", ""},
        };
        String[] written = new String[2];
        for (boolean compact : new boolean[] {true, false}) {
            DefaultHttpRequest head = new DefaultHttpRequest(
                    HttpVersion.HTTP_1_1,
                    HttpMethod.POST,
                    "/p?q=1",
                    compact ? CompactHeadersFactory.HEADERS : DefaultHttpHeadersFactory.headersFactory());
            for (String[] h : headers) {
                head.headers().add(h[0], h[1]);
            }
            head.headers().add(HttpHeaderNames.ACCEPT, HttpHeaderValues.APPLICATION_JSON); // AsciiString name and value
            LastHttpContent end = new DefaultLastHttpContent(
                    Unpooled.EMPTY_BUFFER,
                    compact ? CompactHeadersFactory.TRAILERS : DefaultHttpHeadersFactory.trailersFactory());
            end.trailingHeaders().add("Checksum", "abc");
            EmbeddedChannel ch = compact ? origin : new EmbeddedChannel(new HttpRequestEncoder());
            ch.writeOutbound(head, new DefaultHttpContent(Unpooled.copiedBuffer("hi", StandardCharsets.US_ASCII)), end);
            written[compact ? 0 : 1] = drain(ch);
            if (!compact) {
                ch.finishAndReleaseAll();
            }
        }
        assertThat(written[0])
                .contains("x-odd-Case: caf\u00e9 \u00ff\r\n", "\r\n\r\n2\r\nhi\r\n0\r\nChecksum: abc\r\n\r\n");
        assertThat(written[0]).isEqualTo(written[1]);
    }

    private static String drain(EmbeddedChannel ch) {
        StringBuilder out = new StringBuilder();
        ByteBuf b;
        while ((b = ch.readOutbound()) != null) {
            out.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        return out.toString();
    }

    private void send(HttpMethod method) {
        origin.writeOutbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, "/"));
        ByteBuf b;
        while ((b = origin.readOutbound()) != null) {
            b.release();
        }
    }

    private List<Object> receive(String bytes) {
        origin.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
        List<Object> read = new ArrayList<>();
        Object m;
        while ((m = origin.readInbound()) != null) {
            read.add(m);
        }
        return read;
    }
}
