package io.proxybench.core.conformance.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpWireReaderTest {

    private static HttpWireReader reader(String wire) {
        return new HttpWireReader(new ByteArrayInputStream(wire.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void readsSizedBodyAndNoticesTruncation() throws IOException {
        HttpWireReader r = reader("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345");
        HttpWireReader.Head head = r.readHead();
        assertThat(head.startLine()).isEqualTo("HTTP/1.1 200 OK");
        HttpWireReader.Body body = r.readBody(head.headers(), true);
        assertThat(body.complete()).isFalse();
        assertThat(new String(body.bytes(), StandardCharsets.US_ASCII)).isEqualTo("12345");
    }

    @Test
    void readsChunkedBodyWithExtensionsAndTrailers() throws IOException {
        HttpWireReader r = reader("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: t\r\n\r\nNEXT");
        HttpWireReader.Body body = r.readBody(r.readHead().headers(), true);
        assertThat(body.complete()).isTrue();
        assertThat(new String(body.bytes(), StandardCharsets.US_ASCII)).isEqualTo("abcde");
        assertThat(new String(r.readUpTo(4), StandardCharsets.US_ASCII)).isEqualTo("NEXT");
    }

    @Test
    void chunkedBodyWithoutLastChunkIsIncomplete() throws IOException {
        HttpWireReader r = reader("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n");
        HttpWireReader.Body body = r.readBody(r.readHead().headers(), true);
        assertThat(body.complete()).isFalse();
        assertThat(body.bytes()).hasSize(5);
    }

    @Test
    void closeDelimitedBodyRunsToTheEnd() throws IOException {
        HttpWireReader r = reader("HTTP/1.0 200 OK\r\n\r\nall of it");
        HttpWireReader.Body body = r.readBody(r.readHead().headers(), true);
        assertThat(body.complete()).isTrue();
        assertThat(new String(body.bytes(), StandardCharsets.US_ASCII)).isEqualTo("all of it");
    }

    @Test
    void cleanEndBeforeAHeadIsNull() throws IOException {
        assertThat(reader("").readHead()).isNull();
    }

    @Test
    void malformedHeaderLineIsRejected() {
        assertThatThrownBy(
                        () -> reader("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n").readHead())
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("no colon here");
    }

    @Test
    void requestFramingWritesChunksAndLength() {
        RawRequest chunked = RawRequest.post("/u", "hello world".getBytes(StandardCharsets.US_ASCII))
                .chunked(4);
        assertThat(new String(chunked.toBytes(), StandardCharsets.US_ASCII))
                .startsWith("POST /u HTTP/1.1\r\nHost: conformance.test\r\nTransfer-Encoding: chunked\r\n\r\n")
                .endsWith("4\r\nhell\r\n4\r\no wo\r\n3\r\nrld\r\n0\r\n\r\n");
        RawRequest sized = RawRequest.post("/u", new byte[3]);
        assertThat(new String(sized.headBytes(), StandardCharsets.US_ASCII)).contains("Content-Length: 3\r\n");
    }
}
