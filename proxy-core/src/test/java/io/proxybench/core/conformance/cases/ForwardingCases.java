package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.BodyBytes;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.origin.RecordedRequest;
import io.proxybench.core.conformance.wire.WireOrigin;
import io.proxybench.origin.StubOrigin;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Requests reach the origin as sent, answers come back as given, routes decide where. */
public interface ForwardingCases extends ConformanceContext {

    @Test
    @DisplayName("GET returns the origin's payload byte for byte, still sized by Content-Length")
    default void getReturnsOriginPayload() throws Exception {
        RawResponse r = proxy().exchange(OriginRequests.payload(1024));
        assertPayload(r, 1024);
        assertThat(r.contentLength())
                .as("Content-Length of a sized origin answer")
                .isEqualTo(1024);
    }

    @Test
    @DisplayName(
            "GET, HEAD, POST, PUT and DELETE reach the origin with their method and body, on one client connection")
    default void methodsReachTheOriginUnchanged() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            for (String method : List.of("GET", "POST", "PUT", "DELETE", "HEAD", "GET")) {
                String marker = "/methods/" + method + "/" + System.nanoTime();
                RawRequest request = RawRequest.of(method, RECORDED + marker);
                byte[] body = null;
                if (method.equals("POST") || method.equals("PUT")) {
                    body = ("a body sent with " + method).getBytes(StandardCharsets.UTF_8);
                    request.body(body);
                }
                RawResponse r = c.exchange(request);
                assertThat(r.status()).as("%s answered %s", method, r).isEqualTo(200);
                assertThat(r.header("X-Recorded-Method"))
                        .as("method the origin saw")
                        .isEqualTo(method);
                RecordedRequest seen = recorder().lastWith(marker);
                assertThat(seen.method()).isEqualTo(method);
                if (body != null) {
                    assertThat(seen.bodyLength())
                            .as("%s body length at the origin", method)
                            .isEqualTo(body.length);
                    assertThat(seen.bodySha256()).isEqualTo(BodyBytes.sha256(body));
                } else {
                    assertThat(seen.bodyLength()).as("%s without body", method).isZero();
                }
                if (method.equals("HEAD")) {
                    assertThat(r.body()).as("HEAD answer body").isEmpty();
                } else {
                    assertThat(r.bodyText()).isEqualTo("recorded\n");
                }
            }
        }
    }

    @Test
    @DisplayName("HEAD answers the headers with Content-Length and no body; the connection then serves a GET cleanly")
    default void headAnswersHeadersWithoutBody() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            RawRequest head = RawRequest.head("/head").header(OriginRequests.PAYLOAD_SIZE, "4096");
            RawResponse r = c.exchange(head);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.contentLength())
                    .as("Content-Length of the HEAD answer")
                    .isEqualTo(4096);
            // A stray body after the HEAD answer would corrupt this second response on the same connection.
            assertPayload(c.exchange(OriginRequests.payload(1000)), 1000);
        }
    }

    @Test
    @DisplayName("HEAD answered with a chunked head reaches the client with no chunk after it;"
            + " the connection then serves a GET cleanly")
    default void headToAChunkedAnswerCarriesNoChunk() throws Exception {
        String target = WIRE + "/head-chunked-" + System.nanoTime();
        String respond = WireOrigin.respondHeader(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 0, false);
        try (RawHttpConnection c = proxy().connect()) {
            RawResponse r = c.exchange(RawRequest.head(target).header(WireOrigin.RESPOND, respond));
            assertThat(r.status()).as("HEAD answered %s", r).isEqualTo(200);
            // A terminating chunk written after the HEAD answer would be read as the start of this one.
            RawResponse next = c.exchange(RawRequest.get(target + "-next"));
            assertThat(next.status()).as("GET after the HEAD answered %s", next).isEqualTo(200);
            assertThat(next.header(WireOrigin.TARGET)).isEqualTo(target + "-next");
        }
    }

    @Test
    @DisplayName("HEAD answered by the proxy itself (502, origin down) carries no body;"
            + " the connection then serves a GET cleanly")
    default void proxyMadeAnswerToHeadHasNoBody() throws Exception {
        try (RawHttpConnection c = proxy().connect()) {
            RawResponse r = c.exchange(RawRequest.head(DEAD + "/head"));
            assertThat(r.status())
                    .as("HEAD to a refusing origin answered %s", r)
                    .isEqualTo(502);
            assertThat(r.announcesClose())
                    .as("a 502 to a complete request keeps the connection: %s", r)
                    .isFalse();
            // The error text written after the HEAD answer would be read as the start of this one.
            assertPayload(c.exchange(OriginRequests.payload(100)), 100);
        }
    }

    @Test
    @DisplayName("the request target (path, parameters, query, escapes) reaches the origin unchanged")
    default void requestTargetReachesOriginUnchanged() throws Exception {
        String target = RECORDED + "/some/path;p=1/x%20y?q=a%20b&r=%2F&empty=&r=2";
        RawResponse r = proxy().exchange(RawRequest.get(target));
        assertThat(r.status()).isEqualTo(200);
        assertThat(recorder().lastWith("/some/path;p=1").target()).isEqualTo(target);
    }

    @Test
    @DisplayName("a path no route covers gets 404 and never reaches an origin; a routed path still works")
    default void noRouteGives404() throws Exception {
        StubOrigin api = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", "/api=127.0.0.1:" + api.port()));
        RawResponse miss = p.exchange(RawRequest.get("/elsewhere").header(OriginRequests.PAYLOAD_SIZE, "10"));
        assertThat(miss.status()).as("unrouted path answered %s", miss).isEqualTo(404);
        assertThat(api.stats().requests()).as("origin requests after a 404").isZero();
        RawResponse hit = p.exchange(RawRequest.get("/api/items").header(OriginRequests.PAYLOAD_SIZE, "10"));
        assertPayload(hit, 10);
        // A prefix matches whole path segments only.
        assertThat(p.exchange(RawRequest.get("/apiary")).status())
                .as("/apiary is not under /api")
                .isEqualTo(404);
    }
}
