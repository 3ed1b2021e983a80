package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.origin.OriginStats;
import io.proxybench.origin.StubOrigin;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Keep-alive on both sides: a client connection carries many requests, the origin pool is reused and bounded. */
public interface ConnectionReuseCases extends ConformanceContext {

    @Test
    @DisplayName(
            "20 sequential requests on one client connection use one client connection and reuse the origin connection")
    default void sequentialRequestsReuseConnectionsOnBothSides() throws Exception {
        StubOrigin o = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o)));
        try (RawHttpConnection c = p.connect()) {
            for (int i = 0; i < 20; i++) {
                RawResponse r = c.exchange(OriginRequests.payload(512).header(OriginRequests.REQUEST_ID, "seq-" + i));
                assertPayload(r, 512);
                assertThat(r.header(OriginRequests.REQUEST_ID)).isEqualTo("seq-" + i);
                assertThat(r.announcesClose())
                        .as("request %d answered with Connection: close", i)
                        .isFalse();
            }
        }
        OriginStats stats = o.stats();
        assertThat(stats.requests()).as("requests at the origin").isEqualTo(20);
        assertThat(stats.totalConnections())
                .as("origin connections for 20 sequential requests (pools per host: %d)", originPoolsPerHost())
                .isBetween(1L, (long) originPoolsPerHost());
    }

    @Test
    @DisplayName("4 concurrent keep-alive clients x 10 requests open at most as many origin connections"
            + " as requests in flight")
    default void concurrentClientsShareABoundedOriginPool() throws Exception {
        StubOrigin o = startOrigin();
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o)));
        int clients = 4;
        int perClient = 10;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int k = 0; k < clients; k++) {
                int client = k;
                done.add(pool.submit(() -> {
                    try (RawHttpConnection c = p.connect()) {
                        for (int i = 0; i < perClient; i++) {
                            RawResponse r = c.exchange(OriginRequests.payload(700, "20ms")
                                    .header(OriginRequests.REQUEST_ID, "c" + client + "-" + i));
                            assertPayload(r, 700);
                            assertThat(r.header(OriginRequests.REQUEST_ID)).isEqualTo("c" + client + "-" + i);
                        }
                    }
                    return perClient;
                }));
            }
            for (Future<Integer> f : done) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(perClient);
            }
        } finally {
            pool.shutdownNow();
        }
        OriginStats stats = o.stats();
        assertThat(stats.requests()).isEqualTo(clients * perClient);
        assertThat(stats.totalConnections())
                .as(
                        "origin connections for %d clients x %d requests (pools per host: %d)",
                        clients, perClient, originPoolsPerHost())
                .isBetween(1L, (long) clients * originPoolsPerHost());
    }

    @Test
    @DisplayName("clients sending Connection: close are closed after their answer; the origin connections stay pooled")
    default void clientChurnKeepsOriginConnectionsPooled() throws Exception {
        StubOrigin o = startOrigin();
        // A long idle timeout, so that only the client's close can end each connection within the bound.
        ProxyUnderTest p = startProxy(Map.of("routes", routeAllTo(o), "client.idleTimeout", "30s"));
        int churned = 10;
        for (int i = 0; i < churned; i++) {
            try (RawHttpConnection c = p.connect()) {
                RawResponse r = c.exchange(OriginRequests.payload(256).header("Connection", "close"));
                assertPayload(r, 256);
                RawHttpConnection.CloseWatch watch = c.awaitClose(Duration.ofSeconds(5));
                assertThat(watch.closed())
                        .as("connection %d closed after answering Connection: close", i)
                        .isTrue();
                assertThat(watch.received())
                        .as("bytes after the final response")
                        .isEmpty();
            }
        }
        assertThat(o.stats().requests()).isEqualTo(churned);
        assertThat(o.stats().totalConnections())
                .as("origin connections for %d churned client connections: the client's close is hop-by-hop", churned)
                .isLessThanOrEqualTo(churned / 2);
    }

    @Test
    @DisplayName("3 pipelined requests written at once are answered in order, each with its own X-Request-Id")
    default void pipelinedRequestsAnswerInOrder() throws Exception {
        String[] latencies = {"300ms", "150ms", "0ms"};
        int[] sizes = {300, 200, 100};
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < 3; i++) {
            all.writeBytes(RawRequest.get("/pipelined/" + i)
                    .header(OriginRequests.LATENCY, latencies[i])
                    .header(OriginRequests.PAYLOAD_SIZE, Integer.toString(sizes[i]))
                    .header(OriginRequests.REQUEST_ID, "pipe-" + i)
                    .toBytes());
        }
        try (RawHttpConnection c = proxy().connect()) {
            c.send(all.toByteArray());
            for (int i = 0; i < 3; i++) {
                RawResponse r = c.readFinalResponse(false);
                assertThat(r.header(OriginRequests.REQUEST_ID))
                        .as("response #%d", i)
                        .isEqualTo("pipe-" + i);
                assertPayload(r, sizes[i]);
            }
        }
    }
}
