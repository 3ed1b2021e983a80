package io.proxybench.loadgen.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponseParserTest {

    /** Recorded from stub-origin: {@code X-Origin-Payload-Size: 16}. */
    private static final byte[] ORIGIN_200 = concat(
            "HTTP/1.1 200 OK\r\ncontent-length: 16\r\ncontent-type: application/octet-stream\r\n\r\n", new byte[] {
                (byte) 0x8d,
                (byte) 0xae,
                (byte) 0x81,
                (byte) 0xad,
                'z',
                'r',
                (byte) 0xdd,
                (byte) 0xd7,
                (byte) 0xee,
                (byte) 0xe3,
                (byte) 0xf1,
                (byte) 0x92,
                (byte) 0xf4,
                'O',
                'I',
                0x13
            });
    /** Recorded from stub-origin: {@code X-Origin-Fault: status-500}. */
    private static final String ORIGIN_500 = "HTTP/1.1 500 Internal Server Error\r\ncontent-length: 27\r\n"
            + "content-type: text/plain; charset=utf-8\r\n\r\nfault injected: status-500\n";

    private final ResponseParser parser = new ResponseParser();

    @Test
    void recordedOriginAnswerCompletesWhetherItArrivesWholeOrByteByByte() {
        assertThat(feedWhole(ORIGIN_200)).isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.status()).isEqualTo(200);
        assertThat(parser.keepAlive()).isTrue();

        parser.reset();
        assertThat(feedByteByByte(ORIGIN_200)).isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.status()).isEqualTo(200);
    }

    @Test
    void statusOfAnErrorAnswerIsKept() {
        assertThat(feedWhole(ORIGIN_500.getBytes(StandardCharsets.ISO_8859_1)))
                .isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.status()).isEqualTo(500);
    }

    @Test
    void bodyIsNotCompleteUntilItsLastByte() {
        byte[] bytes = ORIGIN_200;
        ByteBuf head = Unpooled.wrappedBuffer(bytes, 0, bytes.length - 1);
        try {
            assertThat(parser.feed(head)).isEqualTo(ResponseParser.Result.NEED_MORE);
        } finally {
            head.release();
        }
        ByteBuf last = Unpooled.wrappedBuffer(bytes, bytes.length - 1, 1);
        try {
            assertThat(parser.feed(last)).isEqualTo(ResponseParser.Result.COMPLETE);
        } finally {
            last.release();
        }
    }

    @Test
    void chunkedBodyWithExtensionsAndTrailers() {
        String response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
                + "5;ext=1\r\nhello\r\nA\r\n0123456789\r\n0\r\nX-Trailer: yes\r\n\r\n";
        assertThat(feedByteByByte(response.getBytes(StandardCharsets.ISO_8859_1)))
                .isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.keepAlive()).isTrue();
    }

    @Test
    void chunkLongerThanItsSizeIsInvalid() {
        String response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n";
        assertThat(feedWhole(response)).isEqualTo(ResponseParser.Result.INVALID);
    }

    @Test
    void bodyWithoutLengthEndsWithTheConnection() {
        assertThat(feedWhole("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nsome bytes"))
                .isEqualTo(ResponseParser.Result.NEED_MORE);
        assertThat(parser.keepAlive()).isFalse();
        assertThat(parser.endOfInput()).isEqualTo(ResponseParser.Result.COMPLETE);
    }

    @Test
    void closeMidBodyIsACutShortResponse() {
        assertThat(feedWhole("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"))
                .isEqualTo(ResponseParser.Result.NEED_MORE);
        assertThat(parser.endOfInput()).isEqualTo(ResponseParser.Result.INVALID);
        assertThat(parser.problem()).contains("mid-response");
    }

    @Test
    void noBodyFor204And304AndInterimAnswersAreSkipped() {
        assertThat(feedWhole("HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n"))
                .isEqualTo(ResponseParser.Result.COMPLETE);
        parser.reset();
        assertThat(feedWhole("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno"))
                .isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.status()).isEqualTo(404);
    }

    @Test
    void connectionHeaderDecidesReuse() {
        assertThat(feedWhole("HTTP/1.1 200 OK\r\nConnection: CLOSE\r\nContent-Length: 0\r\n\r\n"))
                .isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.keepAlive()).isFalse();
        parser.reset();
        assertThat(feedWhole("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n")).isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.keepAlive()).isFalse();
        parser.reset();
        assertThat(feedWhole("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n"))
                .isEqualTo(ResponseParser.Result.COMPLETE);
        assertThat(parser.keepAlive()).isTrue();
    }

    @Test
    void bytesAfterTheResponseAreLeftToTheCaller() {
        ByteBuf in = Unpooled.copiedBuffer(
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA", StandardCharsets.ISO_8859_1);
        try {
            assertThat(parser.feed(in)).isEqualTo(ResponseParser.Result.COMPLETE);
            assertThat(in.readableBytes()).isEqualTo(5);
        } finally {
            in.release();
        }
    }

    @Test
    void malformedAnswersAreInvalidWithAReason() {
        assertThat(feedWhole("garbage\r\n")).isEqualTo(ResponseParser.Result.INVALID);
        assertThat(parser.problem()).contains("status line");
        parser.reset();
        assertThat(feedWhole("HTTP/1.1 2x0 OK\r\n")).isEqualTo(ResponseParser.Result.INVALID);
        parser.reset();
        assertThat(feedWhole("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n"))
                .isEqualTo(ResponseParser.Result.INVALID);
        parser.reset();
        assertThat(feedWhole("HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\n")).isEqualTo(ResponseParser.Result.INVALID);
        parser.reset();
        assertThat(feedWhole("HTTP/1.1 200 OK\r\nX: " + "a".repeat(ResponseParser.MAX_LINE) + "\r\n\r\n"))
                .isEqualTo(ResponseParser.Result.INVALID);
        assertThat(parser.problem()).contains("longer than");
    }

    @Test
    void connectionClosedBeforeAnyByteIsSaidSo() {
        assertThat(parser.idle()).isTrue();
        assertThat(parser.endOfInput()).isEqualTo(ResponseParser.Result.INVALID);
        assertThat(parser.problem()).contains("before the response");
    }

    private ResponseParser.Result feedWhole(String text) {
        return feedWhole(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private ResponseParser.Result feedWhole(byte[] bytes) {
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        try {
            return parser.feed(in);
        } finally {
            in.release();
        }
    }

    private ResponseParser.Result feedByteByByte(byte[] bytes) {
        ResponseParser.Result result = ResponseParser.Result.NEED_MORE;
        for (int i = 0; i < bytes.length; i++) {
            assertThat(result).as("result before byte %d", i).isEqualTo(ResponseParser.Result.NEED_MORE);
            ByteBuf in = Unpooled.wrappedBuffer(bytes, i, 1);
            try {
                result = parser.feed(in);
                assertThat(in.readableBytes()).isZero();
            } finally {
                in.release();
            }
        }
        return result;
    }

    private static byte[] concat(String head, byte[] body) {
        byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[h.length + body.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }
}
