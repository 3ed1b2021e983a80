package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class TlsHandshakeReaderTest {

    @Test
    void readsProxyNettysFullAndResumedCounters() throws IOException {
        String json = "{\"counters\":{\"proxy.tls.handshakes.full\":{\"count\":12},"
                + "\"proxy.tls.handshakes.resumed\":{\"count\":340},"
                + "\"proxy.tls.handshakes.failed.timeout\":{\"count\":2}},\"gauges\":{}}";
        assertThat(TlsHandshakeReader.parse(json)).contains(new TlsHandshakeReader.Totals(12, 340));
    }

    @Test
    void aProxyWithoutTheCountersHasNone() throws IOException {
        assertThat(TlsHandshakeReader.parse("{\"counters\":{\"proxy.errors.x\":{\"count\":1}}}"))
                .isEmpty();
    }
}
