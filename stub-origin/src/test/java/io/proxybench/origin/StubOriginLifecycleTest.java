package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.Eventually;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StubOriginLifecycleTest extends OriginTestSupport {

    @Test
    void closeLetsAnswersInFlightFinishThenStopsListening() throws Exception {
        StubOrigin origin = origin(b -> b.latency("300ms"));
        int port = origin.port();
        try (RawHttpConnection conn = new RawHttpConnection(port);
                RawHttpConnection idle = new RawHttpConnection(port)) {
            idle.send(RawHttpConnection.get("/", "X-Origin-Latency: 0"));
            idle.readResponse();
            conn.send(RawHttpConnection.get("/", "X-Request-Id: late"));
            Eventually.until("the request is in", () -> origin.stats().requests() == 2);
            CompletableFuture<Void> closing = CompletableFuture.runAsync(origin::close);
            RawHttpConnection.Response res = conn.readResponse();
            assertThat(res.status()).isEqualTo(200);
            assertThat(res.header("x-request-id")).isEqualTo("late");
            assertThat(res.header("connection")).isEqualToIgnoringCase("close");
            assertThat(conn.closedByPeer()).isTrue();
            assertThat(idle.closedByPeer())
                    .as("idle keep-alive connections are closed at once")
                    .isTrue();
            closing.get(5, TimeUnit.SECONDS);
        }
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
    }

    @Test
    void closeDoesNotWaitForStalledRequests() throws Exception {
        // A close that waited for the stalled answer would wait out this drain, longer than the wait below.
        StubOrigin origin = origin(b -> b.drainTimeout(Eventually.DEFAULT.multipliedBy(2)));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: stall"));
            Eventually.until("the request is in", () -> origin.stats().requests() == 1);
            CompletableFuture.runAsync(origin::close, task -> new Thread(task, "closing").start())
                    .get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS);
            assertThat(conn.closedByPeer()).isTrue();
        }
    }

    @Test
    void startTwiceAndStartAfterCloseAreRefused() {
        StubOrigin origin = origin();
        assertThatThrownBy(origin::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already");
        origin.close();
        origin.close();
        assertThatThrownBy(origin::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void bindingATakenPortFailsClearly() {
        StubOrigin first = origin();
        StubOrigin second =
                new StubOrigin(first.options().toBuilder().port(first.port()).build());
        assertThatThrownBy(second::start)
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot listen on 127.0.0.1:" + first.port());
        second.close();
    }

    @Test
    void nioTransportServesToo() throws Exception {
        StubOrigin origin = origin(b -> b.transport(OriginTransport.NIO));
        assertThat(origin.transportName()).isEqualTo("nio");
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Latency: 5ms") + RawHttpConnection.get("/"));
            assertThat(conn.readResponse().body()).hasSize(1024);
            assertThat(conn.readResponse().body()).hasSize(1024);
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: reset"));
            assertThatThrownBy(conn::readToEnd).hasMessageContaining("reset");
        }
    }

    @Test
    void optionsRejectNonsense() {
        assertThatThrownBy(() -> StubOriginOptions.builder().port(-1).build()).hasMessageContaining("port");
        assertThatThrownBy(() -> StubOriginOptions.builder().threads(0).build()).hasMessageContaining("threads");
        assertThatThrownBy(() -> StubOriginOptions.builder().payloadSize(-1).build())
                .hasMessageContaining("payload");
        assertThatThrownBy(() -> StubOriginOptions.builder().maxConnections(-1).build())
                .hasMessageContaining("connections");
        assertThatThrownBy(() -> StubOriginOptions.builder().bindAddress(" ").build())
                .hasMessageContaining("bind");
    }
}
