package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Requests a proxy must refuse get the shared status, never reach the origin, and leave the proxy serving. */
public interface RequestLimitCases extends ConformanceContext {

    @Test
    @DisplayName("a header block over limits.maxHeaderSize -> 431, origin not called")
    default void oversizedHeaderBlockGets431() throws Exception {
        String big = "a".repeat(ProxyConformanceSuite.MAX_HEADER_SIZE + 1000);
        assertRefused(RawRequest.get("/too-many-headers").header("X-Big", big).toBytes(), 431);
    }

    @Test
    @DisplayName("a request line over limits.maxInitialLineLength -> 414, origin not called")
    default void overlongRequestLineGets414() throws Exception {
        String target = "/" + "b".repeat(ProxyConformanceSuite.MAX_INITIAL_LINE_LENGTH + 1000);
        assertRefused(RawRequest.get(target).toBytes(), 414);
    }

    @Test
    @DisplayName("a malformed request line -> 400, origin not called")
    default void malformedRequestLineGets400() throws Exception {
        for (String line : List.of("THIS IS NOT HTTP", "GET /has space HTTP/1.1")) {
            assertRefused(
                    (line + "\r\nHost: " + RawRequest.DEFAULT_HOST + "\r\n\r\n")
                            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                    400);
        }
    }

    @Test
    @DisplayName("Content-Length together with Transfer-Encoding (request smuggling) -> 400, origin not called")
    default void contentLengthWithTransferEncodingGets400() throws Exception {
        String smuggle = "POST /smuggle HTTP/1.1\r\nHost: " + RawRequest.DEFAULT_HOST + "\r\n"
                + "Content-Length: 30\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\nGET /second HTTP/1.1\r\nX: y\r\n\r\n";
        assertRefused(smuggle.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 400);
    }

    @Test
    @DisplayName("two different Content-Length values -> 400, origin not called")
    default void conflictingContentLengthsGet400() throws Exception {
        String request = "POST /conflict HTTP/1.1\r\nHost: " + RawRequest.DEFAULT_HOST + "\r\n"
                + "Content-Length: 5\r\nContent-Length: 7\r\n\r\nhello!!";
        assertRefused(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 400);
    }

    @Test
    @DisplayName("an HTTP/1.1 request without Host, or with two, -> 400 (RFC 9112 section 3.2), origin not called")
    default void missingOrDuplicateHostGets400() throws Exception {
        assertRefused(RawRequest.get("/no-host").host(null).toBytes(), 400);
        assertRefused(RawRequest.get("/two-hosts").header("Host", "other.test").toBytes(), 400);
    }

    @Test
    @DisplayName("Expect: 100-continue gets an interim 100 before the body is sent, then the final 200")
    default void expectContinueGetsInterimResponse() throws Exception {
        byte[] body = new byte[1024];
        RawRequest request = RawRequest.post("/upload/expect", body)
                .header("Expect", "100-continue")
                .header(OriginRequests.PAYLOAD_SIZE, "64");
        try (RawHttpConnection c = proxy().connect()) {
            c.send(request.headBytes());
            RawResponse interim = c.readResponse(false, Duration.ofSeconds(3));
            assertThat(interim.status())
                    .as("first answer to Expect: 100-continue, before any body byte: %s", interim)
                    .isEqualTo(100);
            c.send(request.bodyBytes());
            assertPayload(c.readFinalResponse(false), 64);
        }
    }

    /** Sends {@code bytes} on a new connection; expects {@code status} and no new origin request. */
    private void assertRefused(byte[] bytes, int status) throws Exception {
        long originRequests = origin().stats().requests();
        try (RawHttpConnection c = proxy().connect()) {
            c.send(bytes);
            RawResponse r = c.readFinalResponse(false, Duration.ofSeconds(5));
            assertThat(r.status())
                    .as("answer to a request that must be refused: %s", r)
                    .isEqualTo(status);
        }
        assertThat(origin().stats().requests())
                .as("origin requests after a refused request")
                .isEqualTo(originRequests);
        assertStillServing(proxy());
    }
}
