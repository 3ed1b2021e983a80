package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.Eventually;
import io.proxybench.origin.behavior.FaultKind;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FaultInjectionTest extends OriginTestSupport {

    @Test
    void status500HasAShortTextBodyAndKeepsTheConnection() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: status-500", "X-Request-Id: f1"));
            RawHttpConnection.Response res = conn.readResponse();
            assertThat(res.status()).isEqualTo(500);
            assertThat(res.header("x-request-id")).isEqualTo("f1");
            assertThat(res.header("content-type")).startsWith("text/plain");
            assertThat(res.bodyText()).contains("status-500");
            conn.send(RawHttpConnection.get("/"));
            assertThat(conn.readResponse().status()).isEqualTo(200);
        }
        assertThat(origin.stats().faultCount(FaultKind.STATUS_500)).isEqualTo(1);
    }

    @Test
    void resetSendsRstBeforeAnyResponseByte() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: reset"));
            assertThatThrownBy(conn::readToEnd)
                    .isInstanceOf(SocketException.class)
                    .hasMessageContaining("reset");
        }
        assertThat(origin.stats().faultCount(FaultKind.RESET)).isEqualTo(1);
    }

    @Test
    void closeMidBodyPromisesTheWholeBodyAndSendsHalf() throws Exception {
        StubOrigin origin = origin(b -> b.seed(9));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: close-mid-body", "X-Origin-Payload-Size: 200000"));
            RawHttpConnection.Response head = conn.readHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo("200000");
            byte[] received = conn.readToEnd();
            assertThat(received).isEqualTo(Arrays.copyOf(StubOrigin.expectedPayload(9, 200_000), 100_000));
        }
        assertThat(origin.stats().faultCount(FaultKind.CLOSE_MID_BODY)).isEqualTo(1);
    }

    @Test
    void garbageIsNotHttpAndEndsTheConnection() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: garbage"));
            byte[] received = conn.readToEnd();
            assertThat(new String(received, StandardCharsets.ISO_8859_1)).startsWith("NOT HTTP\r\n\r\n");
            assertThat(received.length).isGreaterThan("NOT HTTP\r\n\r\n".length());
        }
        assertThat(origin.stats().faultCount(FaultKind.GARBAGE)).isEqualTo(1);
    }

    @Test
    void stallNeverAnswersAndKeepsTheConnectionOpen() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: stall"));
            conn.readTimeout(500);
            assertThatThrownBy(conn::readToEnd).isInstanceOf(SocketTimeoutException.class);
            assertThat(origin.stats().activeConnections()).isEqualTo(1);
            assertThat(origin.stats().faultCount(FaultKind.STALL)).isEqualTo(1);
        }
        Eventually.until("the client's close is seen", () -> origin.stats().activeConnections() == 0);
    }

    @Test
    void slowBodySendsHeadersAtOnceAndTheBodyOverAboutASecond() throws Exception {
        StubOrigin origin = origin(b -> b.seed(5));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            long start = System.nanoTime();
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: slow-body", "X-Request-Id: s1")
                    + RawHttpConnection.get("/", "X-Request-Id: s2"));
            RawHttpConnection.Response slow = conn.readResponse();
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(slow.status()).isEqualTo(200);
            assertThat(slow.header("x-request-id")).isEqualTo("s1");
            assertThat(slow.body()).isEqualTo(StubOrigin.expectedPayload(5, 1024));
            assertThat(tookMillis).as("the body is spread over a second").isGreaterThanOrEqualTo(700L);
            // The pipelined request behind it waited for the slow body, then got a normal answer.
            assertThat(conn.readResponse().header("x-request-id")).isEqualTo("s2");
        }
        assertThat(origin.stats().faultCount(FaultKind.SLOW_BODY)).isEqualTo(1);
    }

    @Test
    void slowBodyHeadersArriveBeforeTheBody() throws Exception {
        StubOrigin origin = origin();
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: slow-body"));
            RawHttpConnection.Response head = conn.readHead();
            // the origin, which spreads the body over a second, had handed over less than all of it
            long sentAtHead = origin.stats().bytesOut();
            assertThat(conn.readBody(head)).hasSize(1024);
            assertThat(sentAtHead)
                    .as("bytes sent when the head arrived")
                    .isLessThan(origin.stats().bytesOut());
        }
    }

    @Test
    void noneOverridesTheConfiguredMix() throws Exception {
        StubOrigin origin = origin(b -> b.faultMix("status-500=1"));
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            conn.send(RawHttpConnection.get("/"));
            assertThat(conn.readResponse().status()).isEqualTo(500);
            conn.send(RawHttpConnection.get("/", "X-Origin-Fault: none"));
            assertThat(conn.readResponse().status()).isEqualTo(200);
        }
    }

    @Test
    void mixInjectsFaultsAtRandomInRoughlyTheGivenShare() throws Exception {
        StubOrigin origin = origin(b -> b.faultMix("status-500=0.5"));
        int count = 400;
        int errors = 0;
        try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
            for (int i = 0; i < count; i++) {
                conn.send(RawHttpConnection.get("/"));
                if (conn.readResponse().status() == 500) {
                    errors++;
                }
            }
        }
        // 400 fair coin flips stay within 120..280 with overwhelming probability.
        assertThat(errors).isBetween(120, 280);
        assertThat(origin.stats().faultCount(FaultKind.STATUS_500)).isEqualTo(errors);
        assertThat(origin.stats().requests()).isEqualTo(count);
    }

    @Test
    void mixOfConnectionKillingFaultsAllHappen() throws Exception {
        StubOrigin origin = origin(b -> b.faultMix("reset=0.5,garbage=0.5"));
        for (int i = 0; i < 20; i++) {
            try (RawHttpConnection conn = new RawHttpConnection(origin.port())) {
                conn.send(RawHttpConnection.get("/"));
                try {
                    assertThat(new String(conn.readToEnd(), StandardCharsets.ISO_8859_1))
                            .startsWith("NOT HTTP");
                } catch (SocketException e) {
                    assertThat(e.getMessage()).contains("reset");
                }
            }
        }
        OriginStats stats = origin.stats();
        assertThat(stats.faultCount(FaultKind.RESET) + stats.faultCount(FaultKind.GARBAGE))
                .isEqualTo(20);
        assertThat(stats.faultCount(FaultKind.RESET)).isPositive();
        assertThat(stats.faultCount(FaultKind.GARBAGE)).isPositive();
    }
}
