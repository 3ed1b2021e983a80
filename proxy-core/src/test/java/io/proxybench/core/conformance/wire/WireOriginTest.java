package io.proxybench.core.conformance.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The origin's memory of what it received: looked up and dropped per case, as long fuzz runs need. */
class WireOriginTest {

    @Test
    void requestsAreFoundByAnyPrefixOfTheirTargetAndForgottenPerCase() throws Exception {
        try (WireOrigin origin = WireOrigin.start()) {
            send(
                    origin,
                    "/_wire/Q0000001/t0?len=0",
                    "/_wire/Q0000012/t0",
                    "/_wire/Q0000001/t1",
                    "/_wire/framing-7-after");

            assertThat(targets(origin.receivedWithPrefix("/_wire/Q0000001/")))
                    .containsExactly("/_wire/Q0000001/t0?len=0", "/_wire/Q0000001/t1");
            assertThat(targets(origin.receivedWithPrefix("/_wire/Q000001"))).containsExactly("/_wire/Q0000012/t0");
            assertThat(targets(origin.receivedWithPrefix("/_wire/framing-7")))
                    .containsExactly("/_wire/framing-7-after");
            assertThat(origin.received()).hasSize(4);

            origin.forget("/_wire/Q0000001/");

            assertThat(origin.receivedWithPrefix("/_wire/Q0000001/")).isEmpty();
            assertThat(targets(origin.received())).containsExactly("/_wire/Q0000012/t0", "/_wire/framing-7-after");
        }
    }

    @Test
    void aCaseKeyIsTheFirstTwoSegmentsOrTheWholePath() {
        assertThat(WireOrigin.caseKey("/_wire/Q0000001/t3?len=4&sha=ab")).isEqualTo("/_wire/Q0000001/");
        assertThat(WireOrigin.caseKey("/_wire/framing-7-after?x=/y/z")).isEqualTo("/_wire/framing-7-after");
        assertThat(WireOrigin.caseKey("/")).isEqualTo("/");
    }

    /** Pipelines one GET per target on one connection and reads until every answer is in. */
    private static void send(WireOrigin origin, String... targets) throws IOException {
        StringBuilder out = new StringBuilder();
        for (String t : targets) {
            out.append("GET ").append(t).append(" HTTP/1.1\r\nHost: w\r\n\r\n");
        }
        try (Socket s = new Socket("127.0.0.1", origin.port())) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(out.toString().getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            StringBuilder got = new StringBuilder();
            byte[] buf = new byte[4096];
            while (count(got.toString(), "HTTP/1.1 200") < targets.length) {
                int n = in.read(buf);
                if (n < 0) {
                    break;
                }
                got.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
            }
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static List<String> targets(List<WireOrigin.Received> received) {
        return received.stream().map(r -> r.message().target()).toList();
    }
}
