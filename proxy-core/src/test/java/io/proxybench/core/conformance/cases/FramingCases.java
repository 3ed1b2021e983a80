package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.desync.ResponseCase;
import io.proxybench.core.conformance.desync.ResponseDesyncCheck;
import io.proxybench.core.conformance.wire.Escapes;
import io.proxybench.core.conformance.wire.WireOrigin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Message framing, where request smuggling and response splitting live: a header that frames or
 * routes a message is never dropped because {@code Connection} names it, HTTP/1.0 never frames by
 * chunks on a kept-alive connection, a broken client body never reaches the origin as a complete
 * request, a half-closed client still gets its answers, versions are judged as RFC 9110 §2.5 says,
 * and an origin answer that cannot be framed is never forwarded nor its connection reused.
 */
public interface FramingCases extends ConformanceContext {

    AtomicInteger FRAMING_IDS = new AtomicInteger();
    String HOST_LINE = "Host: framing.test\r\n";

    /** A target on the wire origin unique to this run. */
    private String wireTarget(String what) {
        return WIRE + "/framing-" + FRAMING_IDS.incrementAndGet() + "/" + what;
    }

    @Test
    @DisplayName("Content-Length, Transfer-Encoding or Host named in Connection -> 400, nothing reaches the origin")
    default void framingHeaderNamedInConnectionIsRefused() throws Exception {
        for (String named : List.of("Content-Length", "Transfer-Encoding", "Host", "keep-alive, content-length")) {
            String target = wireTarget("named");
            String hidden = "GET " + target + "-smuggled HTTP/1.1\r\n" + HOST_LINE + "\r\n";
            String framing = named.toLowerCase().contains("transfer-encoding")
                    ? "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(hidden.length()) + "\r\n" + hidden
                            + "\r\n0\r\n\r\n"
                    : "Content-Length: " + hidden.length() + "\r\n\r\n" + hidden;
            try (RawHttpConnection c = proxy().connect()) {
                c.send("POST " + target + " HTTP/1.1\r\n" + HOST_LINE + "Connection: " + named + "\r\n" + framing);
                RawResponse r = c.readFinalResponse(false);
                assertThat(r.status())
                        .as("answer when Connection names %s: %s", named, r)
                        .isEqualTo(400);
            }
            assertThat(wireOrigin().receivedWithPrefix(target))
                    .as("requests at the origin when Connection names %s", named)
                    .isEmpty();
        }
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("HTTP/1.0 with Transfer-Encoding: chunked -> refused, or answered and closed; never kept alive")
    default void http10ChunkedRequestIsNeverKeptAlive() throws Exception {
        String target = wireTarget("http10-chunked");
        try (RawHttpConnection c = proxy().connect()) {
            c.send("POST " + target + " HTTP/1.0\r\n" + HOST_LINE
                    + "Connection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n" + "5\r\nhello\r\n0\r\n\r\n"
                    + "GET " + target + "-after HTTP/1.1\r\n" + HOST_LINE + "\r\n");
            RawResponse r = c.readFinalResponse(false);
            if (r.status() != 400) {
                RawHttpConnection.CloseWatch w = c.awaitClose(Duration.ofSeconds(3));
                assertThat(w.closed())
                        .as("connection closed after answering %s", r)
                        .isTrue();
                assertThat(w.receivedText())
                        .as("nothing more after the first answer")
                        .isEmpty();
            }
        }
        Thread.sleep(50);
        assertThat(wireOrigin().receivedWithPrefix(target + "-after"))
                .as("the bytes after the body served as a request")
                .isEmpty();
    }

    @Test
    @DisplayName("a chunked request body that fails to parse never reaches the origin as a complete request")
    default void brokenChunkedBodyNeverReachesOriginComplete() throws Exception {
        String intended = "hello world";
        Map<String, String> broken = Map.of(
                "invalid chunk size", "5\r\nhello\r\nzz\r\n world\r\n0\r\n\r\n",
                "chunk size overflow", "5\r\nhello\r\n10000000000000006\r\n world\r\n0\r\n\r\n",
                "data longer than its size", "5\r\nhello world\r\n0\r\n\r\n",
                "bare LF chunk lines", "5\nhello\n6\n world\n0\n\n");
        for (Map.Entry<String, String> e : broken.entrySet()) {
            String target = wireTarget("broken-chunks");
            try (RawHttpConnection c = proxy().connect()) {
                c.send("POST " + target + " HTTP/1.1\r\n" + HOST_LINE + "Transfer-Encoding: chunked\r\n\r\n");
                Thread.sleep(20); // the head goes on to the origin before the body breaks
                c.send(e.getValue());
                RawResponse r = c.readFinalResponse(false);
                assertThat(r.status()).as("%s answered %s", e.getKey(), r).isIn(200, 400);
            }
            Eventually.holds(() -> assertThat(wireOrigin().partialRequests())
                    .as("origin connections left mid-request")
                    .isEmpty());
            for (WireOrigin.Received got : wireOrigin().receivedWithPrefix(target)) {
                assertThat(new String(got.message().body(), java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as("body of a complete request at the origin after a client sent %s", e.getKey())
                        .isEqualTo(intended);
            }
        }
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("a client that half-closes after its requests gets every answer, then the connection closes")
    default void halfClosedClientGetsItsAnswers() throws Exception {
        String target = wireTarget("half-close");
        try (RawHttpConnection c = proxy().connect()) {
            c.send("GET " + target + "-1 HTTP/1.1\r\n" + HOST_LINE + "\r\nGET " + target + "-2 HTTP/1.1\r\n" + HOST_LINE
                    + "\r\n");
            c.shutdownOutput();
            RawResponse first = c.readFinalResponse(false);
            RawResponse second = c.readFinalResponse(false);
            assertThat(first.header(WireOrigin.TARGET))
                    .as("first answer %s", first)
                    .isEqualTo(target + "-1");
            assertThat(second.header(WireOrigin.TARGET))
                    .as("second answer %s", second)
                    .isEqualTo(target + "-2");
            assertThat(c.awaitClose(Duration.ofSeconds(3)).closed())
                    .as("closed after the answers")
                    .isTrue();
        }
    }

    @Test
    @DisplayName("HTTP/3.0 and HTTP/2.0 request lines -> 505")
    default void otherMajorVersionsGet505() throws Exception {
        for (String version : List.of("HTTP/3.0", "HTTP/2.0")) {
            String target = wireTarget("version");
            try (RawHttpConnection c = proxy().connect()) {
                c.send("GET " + target + " " + version + "\r\n" + HOST_LINE + "\r\n");
                RawResponse r = c.readFinalResponse(false);
                assertThat(r.status()).as("answer to %s: %s", version, r).isEqualTo(505);
            }
            assertThat(wireOrigin().receivedWithPrefix(target))
                    .as("%s requests at the origin", version)
                    .isEmpty();
        }
    }

    @Test
    @DisplayName("HTTP/1.2 is served as HTTP/1.1, kept alive (RFC 9110 §2.5)")
    default void higherMinorVersionIsServedAs11() throws Exception {
        String target = wireTarget("http12");
        try (RawHttpConnection c = proxy().connect()) {
            for (int i = 0; i < 2; i++) {
                c.send("GET " + target + "-" + i + " HTTP/1.2\r\n" + HOST_LINE + "\r\n");
                RawResponse r = c.readFinalResponse(false);
                assertThat(r.status()).as("answer %d to HTTP/1.2: %s", i, r).isEqualTo(200);
                assertThat(r.header(WireOrigin.TARGET)).isEqualTo(target + "-" + i);
                assertThat(r.announcesClose())
                        .as("HTTP/1.2 is kept alive like 1.1: %s", r)
                        .isFalse();
            }
        }
    }

    @Test
    @DisplayName("origin answers that cannot be framed -> 502 or close, never forwarded, connection never reused")
    default void unframeableOriginAnswersAreNeverForwarded() throws Exception {
        ProxyUnderTest p =
                startProxy(Map.of("routes", "/=127.0.0.1:" + wireOrigin().port(), "origin.maxConnectionsPerHost", "1"));
        ResponseDesyncCheck check = new ResponseDesyncCheck(p::openSocket, true);
        List<String> failures = new ArrayList<>();
        for (ResponseCase c : ResponseCase.everyKind()) {
            for (String v : check.run(c)) {
                failures.add(c.what() + ": " + v);
            }
        }
        assertThat(failures).as("origin answers mishandled").isEmpty();
    }

    @Test
    @DisplayName("after a 502 for an origin answer that cannot be framed,"
            + " the next requests get the one origin connection slot")
    default void unframeableOriginAnswerFreesTheOnlyConnectionSlot() throws Exception {
        ProxyUnderTest p =
                startProxy(Map.of("routes", "/=127.0.0.1:" + wireOrigin().port(), "origin.maxConnectionsPerHost", "1"));
        ResponseDesyncCheck check = new ResponseDesyncCheck(p::openSocket, true);
        // A signed Content-Length: the proxy answers 502 and drops that origin connection; the next
        // request, on the same client connection and on a new one (which may be served by another
        // loop), must get a connection, not wait for the pool's whole wait time and get 503.
        ResponseCase signed = ResponseCase.fromLine(
                "resp 0 0 - HTTP/1.1 200 OK\\r\\nContent-Length: +4\\r\\n\\r\\ngrwl # CL with sign");
        List<String> failures = new ArrayList<>();
        for (int round = 0; round < 100 && failures.isEmpty(); round++) {
            for (String v : check.run(signed)) {
                failures.add("round " + round + ": " + v);
            }
        }
        assertThat(failures).as("requests after an unframeable origin answer").isEmpty();
    }

    @Test
    @DisplayName("an origin flooding interim (1xx) responses -> 502 or close, not an exchange held for ever")
    default void interimResponseFloodIsBounded() throws Exception {
        String target = WIRE + "/interim-flood-" + FRAMING_IDS.incrementAndGet();
        // Far more than any origin sends, and written faster than the read timeout could ever notice.
        String respond = WireOrigin.respondHeader(
                Escapes.ascii("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"), 200_000, false);
        try (RawHttpConnection c = proxy().connect()) {
            c.send("GET " + target + " HTTP/1.1\r\n" + HOST_LINE + WireOrigin.RESPOND + ": " + respond + "\r\n\r\n");
            try {
                RawResponse r = c.readFinalResponse(false, Duration.ofSeconds(10));
                assertThat(r.status())
                        .as("answer after 200000 interim responses: %s", r)
                        .isEqualTo(502);
            } catch (RawHttpConnection.ConnectionClosedException closed) {
                // Closing is as safe as a 502.
            }
        }
        assertStillServing(proxy());
    }

    @Test
    @DisplayName("an origin answer longer than it frames never answers the client's next pipelined request")
    default void originLeftoversNeverAnswerAPipelinedRequest() throws Exception {
        ProxyUnderTest p =
                startProxy(Map.of("routes", "/=127.0.0.1:" + wireOrigin().port(), "origin.maxConnectionsPerHost", "1"));
        String target = "/pipelined-" + FRAMING_IDS.incrementAndGet();
        String poisoned = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\nContent-Length: 8\r\n"
                + WireOrigin.TARGET + ": " + ResponseCase.POISON_TARGET + "\r\n\r\npoisoned";
        try (RawHttpConnection c = p.connect()) {
            c.send("GET " + target + "-1 HTTP/1.1\r\n" + HOST_LINE + WireOrigin.RESPOND + ": "
                    + WireOrigin.respondHeader(Escapes.ascii(poisoned), 0, false) + "\r\n\r\n"
                    + "GET " + target + "-2 HTTP/1.1\r\n" + HOST_LINE + "Connection: close\r\n\r\n");
            RawResponse first = c.readFinalResponse(false);
            assertThat(first.bodyText()).as("first answer %s", first).isEqualTo("ok");
            try {
                RawResponse second = c.readFinalResponse(false);
                assertThat(second.header(WireOrigin.TARGET))
                        .as("second answer %s", second)
                        .isEqualTo(target + "-2");
            } catch (RawHttpConnection.ConnectionClosedException closed) {
                // Closing instead of answering is safe.
            }
        }
    }
}
