package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StubOriginHttpTest extends OriginTestSupport {

    /** No request read for this long: the origin has stopped reading, not merely paused between two reads. */
    private static final Duration HALTED = Duration.ofMillis(500);

    private static final int TEN_MIB = 10 * 1024 * 1024;

    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void answersAnyPathWithThePayloadAndItsHeaders() throws Exception {
        StubOrigin origin = origin(b -> b.payloadSize(1024).seed(7));
        for (String method : new String[] {"GET", "DELETE", "PUT"}) {
            HttpResponse<byte[]> res = client.send(
                    HttpRequest.newBuilder(origin.baseUri().resolve("/any/path?q=1"))
                            .method(method, HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(res.statusCode()).isEqualTo(200);
            assertThat(res.headers().firstValue("content-length")).hasValue("1024");
            assertThat(res.headers().firstValue("content-type")).hasValue("application/octet-stream");
            assertThat(res.body()).isEqualTo(StubOrigin.expectedPayload(7, 1024));
        }
    }

    @Test
    void seedDecidesThePayloadBytes() throws Exception {
        byte[] a = client.send(
                        HttpRequest.newBuilder(origin(b -> b.seed(1)).baseUri()).build(),
                        HttpResponse.BodyHandlers.ofByteArray())
                .body();
        byte[] b = client.send(
                        HttpRequest.newBuilder(origin(o -> o.seed(2)).baseUri()).build(),
                        HttpResponse.BodyHandlers.ofByteArray())
                .body();
        assertThat(a).hasSize(1024).isNotEqualTo(b);
    }

    @Test
    void echoesTheRequestId() throws Exception {
        StubOrigin origin = origin();
        HttpResponse<Void> res = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/"))
                        .header("X-Request-Id", "req-42")
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(res.headers().firstValue("x-request-id")).hasValue("req-42");
        HttpResponse<Void> without = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/")).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(without.headers().firstValue("x-request-id")).isEmpty();
    }

    @Test
    void payloadSizeCanBeOverriddenPerRequestUpTo10MiB() throws Exception {
        StubOrigin origin = origin(b -> b.seed(3));
        for (int size : new int[] {0, 10, 70_000, TEN_MIB}) {
            HttpResponse<byte[]> res = client.send(
                    HttpRequest.newBuilder(origin.baseUri().resolve("/big"))
                            .header("X-Origin-Payload-Size", Integer.toString(size))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(res.statusCode()).isEqualTo(200);
            assertThat(res.headers().firstValue("content-length")).hasValue(Integer.toString(size));
            assertThat(res.body()).isEqualTo(StubOrigin.expectedPayload(3, size));
        }
    }

    @Test
    void keepAliveServesManyRequestsOnOneConnection() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            for (int i = 0; i < 20; i++) {
                conn.send(RawHttpConnection.get("/n" + i));
                RawHttpConnection.Response res = conn.readResponse();
                assertThat(res.status()).isEqualTo(200);
                assertThat(res.body()).hasSize(1024);
                assertThat(res.header("connection")).isNull();
            }
        }
        OriginStats stats = origin.stats();
        assertThat(stats.requests()).isEqualTo(20);
        assertThat(stats.totalConnections()).isEqualTo(1);
    }

    @Test
    void connectionCloseIsHonoured() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "Connection: close"));
            RawHttpConnection.Response res = conn.readResponse();
            assertThat(res.status()).isEqualTo(200);
            assertThat(res.header("connection")).isEqualToIgnoringCase("close");
            assertThat(res.body()).hasSize(1024);
            assertThat(conn.closedByPeer()).isTrue();
        }
        Eventually.until(
                "the closed connection is no longer counted",
                () -> origin.stats().activeConnections() == 0);
    }

    @Test
    void http10ClosesUnlessAskedToKeepAlive() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send("GET / HTTP/1.0\r\n\r\n");
            RawHttpConnection.Response res = conn.readResponse();
            assertThat(res.statusLine()).startsWith("HTTP/1.0 200");
            assertThat(res.body()).hasSize(1024);
            assertThat(conn.closedByPeer()).isTrue();
        }
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            for (int i = 0; i < 2; i++) {
                conn.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
                RawHttpConnection.Response res = conn.readResponse();
                assertThat(res.status()).isEqualTo(200);
                assertThat(res.header("connection")).isEqualToIgnoringCase("keep-alive");
            }
        }
    }

    @Test
    void headGetsHeadersWithLengthButNoBody() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.request("HEAD", "/", "X-Request-Id: h1"));
            RawHttpConnection.Response head = conn.readResponse(true);
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo("1024");
            assertThat(head.header("x-request-id")).isEqualTo("h1");
            // Had any body bytes followed the HEAD answer, this next answer would not parse.
            conn.send(RawHttpConnection.get("/", "X-Request-Id: g1"));
            RawHttpConnection.Response get = conn.readResponse();
            assertThat(get.statusLine()).isEqualTo("HTTP/1.1 200 OK");
            assertThat(get.header("x-request-id")).isEqualTo("g1");
            assertThat(get.body()).hasSize(1024);
        }
    }

    @Test
    void pipelinedAnswersKeepRequestOrderWhateverTheirLatency() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Request-Id: a", "X-Origin-Latency: 30ms")
                    + RawHttpConnection.get("/", "X-Request-Id: b", "X-Origin-Latency: 1ms")
                    + RawHttpConnection.get("/", "X-Request-Id: c", "X-Origin-Latency: 10ms"));
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                RawHttpConnection.Response res = conn.readResponse();
                assertThat(res.status()).isEqualTo(200);
                assertThat(res.body()).hasSize(1024);
                ids.add(res.header("x-request-id"));
            }
            assertThat(ids).containsExactly("a", "b", "c");
        }
    }

    @Test
    void pipelinedAnswersKeepOrderUnderUniformRandomLatency() throws Exception {
        StubOrigin origin = origin(b -> b.latency("uniform:0..20ms"));
        // More than the origin queues before it stops reading, so reading must pause and resume.
        int count = 2000;
        StringBuilder burst = new StringBuilder();
        for (int i = 0; i < count; i++) {
            burst.append(RawHttpConnection.get("/", "X-Request-Id: r" + i));
        }
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(burst.toString());
            for (int i = 0; i < count; i++) {
                assertThat(conn.readResponse().header("x-request-id")).isEqualTo("r" + i);
            }
        }
    }

    @Test
    void clientThatNeverReadsItsAnswersIsNotReadEither() throws Exception {
        StubOrigin origin = origin();
        int sent = 5000;
        StringBuilder burst = new StringBuilder();
        for (int i = 0; i < sent; i++) {
            burst.append(RawHttpConnection.get("/", "X-Origin-Payload-Size: 65536"));
        }
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            // The kernel's loopback buffers take the whole burst; what matters is how much the origin takes in.
            // It reads until answers fill the socket buffers, then must stop.
            conn.send(burst.toString());
            Eventually.until(
                    "the origin has read some requests", () -> origin.stats().requests() > 0);
            long taken = Eventually.settles(
                    "requests the origin read", () -> origin.stats().requests(), HALTED);
            assertThat(taken).as("requests read before reading stopped").isLessThan(sent / 2);
        }
    }

    @Test
    void halfClosedClientStillGetsItsAnswers() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Request-Id: h1", "X-Origin-Latency: 50ms")
                    + RawHttpConnection.get("/", "X-Request-Id: h2"));
            conn.shutdownOutput();
            assertThat(conn.readResponse().header("x-request-id")).isEqualTo("h1");
            assertThat(conn.readResponse().header("x-request-id")).isEqualTo("h2");
            assertThat(conn.closedByPeer()).isTrue();
        }
    }

    @Test
    void latencyDelaysTheAnswer() throws Exception {
        StubOrigin origin = origin(b -> b.latency("200ms"));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            long start = System.nanoTime();
            conn.send(RawHttpConnection.get("/"));
            conn.readResponse();
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(200);
        }
    }

    @Test
    void theLatencyHeaderReplacesTheConfiguredLatency() throws Exception {
        // An answer to wait for an hour: only the header's 0 lets one arrive before the read gives up.
        StubOrigin origin = origin(b -> b.latency("3600s"));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.readTimeout((int) Eventually.DEFAULT.toMillis());
            conn.send(RawHttpConnection.get("/", "X-Origin-Latency: 0"));
            assertThat(conn.readResponse().status()).isEqualTo(200);
        }
    }

    @Test
    void chunkedAndSizedUploadsOf10MiBAreReadAndDropped() throws Exception {
        StubOrigin origin = origin();
        byte[] body = new byte[TEN_MIB];
        HttpResponse<byte[]> sized = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/upload"))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(sized.statusCode()).isEqualTo(200);
        assertThat(sized.body()).hasSize(1024);
        // An InputStream publisher has no known length, so the client sends it chunked.
        HttpResponse<byte[]> chunked = client.send(
                HttpRequest.newBuilder(origin.baseUri().resolve("/upload"))
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(chunked.statusCode()).isEqualTo(200);
        assertThat(chunked.body()).hasSize(1024);
        assertThat(origin.stats().bytesIn()).isGreaterThan(2L * TEN_MIB);
    }

    @Test
    void expectContinueGetsA100BeforeTheBody() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.request("POST", "/", "Content-Length: 5", "Expect: 100-continue"));
            assertThat(conn.readHead().status()).isEqualTo(100);
            conn.send("hello");
            RawHttpConnection.Response res = conn.readResponse();
            assertThat(res.status()).isEqualTo(200);
            assertThat(res.body()).hasSize(1024);
        }
    }

    @Test
    void badOverrideHeadersGet400AndTheConnectionStaysUsable() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            for (String header :
                    new String[] {"X-Origin-Latency: soon", "X-Origin-Payload-Size: -1", "X-Origin-Fault: explode"}) {
                conn.send(RawHttpConnection.get("/", header));
                RawHttpConnection.Response res = conn.readResponse();
                assertThat(res.status()).isEqualTo(400);
                assertThat(res.bodyText())
                        .contains(header.substring(0, header.indexOf(':')).toLowerCase());
            }
            conn.send(RawHttpConnection.get("/"));
            assertThat(conn.readResponse().status()).isEqualTo(200);
        }
    }

    @Test
    void malformedRequestGets400ThenClose() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send("GET / HTTP/1.1\r\nHost: origin\r\nContent-Length: nope\r\n\r\n");
            RawHttpConnection.Response res = conn.readResponse();
            assertThat(res.status()).isEqualTo(400);
            assertThat(res.header("connection")).isEqualToIgnoringCase("close");
            assertThat(conn.closedByPeer()).isTrue();
        }
    }

    @Test
    void connectionsBeyondTheLimitAreClosedAtOnceAndCounted() throws Exception {
        StubOrigin origin = origin(b -> b.maxConnections(2));
        try (RawHttpConnection first = new RawHttpConnection(origin.port());
                RawHttpConnection second = new RawHttpConnection(origin.port())) {
            for (RawHttpConnection conn : List.of(first, second)) {
                conn.send(RawHttpConnection.get("/"));
                assertThat(conn.readResponse().status()).isEqualTo(200);
            }
            try (RawHttpConnection third = new RawHttpConnection(origin.port())) {
                third.readTimeout(2_000);
                assertThat(third.closedByPeer()).isTrue();
            }
            assertThat(origin.stats().rejectedConnections()).isEqualTo(1);
            assertThat(origin.stats().activeConnections()).isEqualTo(2);
        }
        Eventually.until(
                "closed connections free their places", () -> origin.stats().activeConnections() == 0);
        try (RawHttpConnection again = new RawHttpConnection(origin.port())) {
            again.send(RawHttpConnection.get("/"));
            assertThat(again.readResponse().status()).isEqualTo(200);
        }
    }
}
