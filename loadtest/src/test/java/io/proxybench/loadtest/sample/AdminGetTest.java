package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The admin readers against a live admin port: only a 200 is a reading, a missing route is told apart. */
class AdminGetTest {

    private HttpServer admin;

    @BeforeEach
    void start() throws IOException {
        admin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        answer(
                "/metrics",
                200,
                "{\"gauges\":{\"jvm.memory.heap.used\":{\"value\":2048},"
                        + "\"jvm.gc.PS-Scavenge.time\":{\"value\":\"n/a\"}},"
                        + "\"counters\":{\"jvm.gc.PS-Scavenge.count\":{\"count\":3}}}");
        answer("/broken", 500, "{\"gauges\":{}}");
        answer("/resolved", 200, "{\"server.transport\":\"epoll\",\"workers.inbound\":\"2\"}");
        admin.start();
    }

    @AfterEach
    void stop() {
        admin.stop(0);
    }

    @Test
    void aReadingIsTheBodyOfA200AndAnErrorPageIsNeverParsed() throws Exception {
        JvmTotals totals = new JvmAdminSampler(Duration.ofSeconds(2)).read(uri("/metrics"));
        assertThat(totals.heapUsedBytes()).isEqualTo(2048.0);
        assertThat(totals.gcCount()).isEqualTo(3);
        assertThat(totals.gcTimeMs())
                .as("a figure that is not a number is skipped, not read as zero or failed on")
                .isZero();

        assertThatThrownBy(() -> new JvmAdminSampler(Duration.ofSeconds(2)).read(uri("/broken")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("/broken answered 500");
        assertThatThrownBy(() -> new OriginPoolReader(Duration.ofSeconds(2)).awaitQuiet(uri("/broken"), Duration.ZERO))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("/broken answered 500");
    }

    @Test
    void aMissingRouteIsAnErrorWhereItIsRequiredAndNothingWhereItIsOptional() throws Exception {
        assertThatThrownBy(() -> new OriginStatsReader(Duration.ofSeconds(2)).read(uri("/_origin/stats")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("/_origin/stats answered 404");
        // a proxy built before /resolved existed: the run records nothing rather than failing
        assertThat(new ResolvedSettingsReader().read(uri("/nothing-here"))).isEmpty();
        assertThat(new ResolvedSettingsReader().read(uri("/resolved")))
                .containsExactly(entry("server.transport", "epoll"), entry("workers.inbound", "2"));
    }

    private void answer(String path, int status, String body) {
        admin.createContext(path, exchange -> {
            if (!exchange.getRequestURI().getPath().equals(path)) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + admin.getAddress().getPort() + path);
    }
}
