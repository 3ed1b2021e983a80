package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.origin.StubOrigin;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tomcat's stock maxKeepAliveRequests (100) would close busy connections and cause churn; the default
 * here does not.
 */
class KeepAliveTest {

    @Test
    void aClientConnectionOutlivesTomcatsStockRequestLimit() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                ProxyServer proxy = TestProxies.start(origin, Map.of("tomcat.connector", "nio"));
                RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
            for (int i = 0; i < 150; i++) {
                RawResponse r = c.exchange(OriginRequests.payload(16));
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.announcesClose())
                        .as("Connection: close on request %d", i + 1)
                        .isFalse();
            }
        }
    }
}
