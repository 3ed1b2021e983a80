package io.proxybench.tomcat.connector;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.tomcat.TomcatConfigKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.coyote.http11.Http11AprProtocol;
import org.junit.jupiter.api.Test;

/** The reference tuning reaches Tomcat where Tomcat 9.0.113 has it, and is reported where it does not. */
class ConnectorSettingsTest {

    private static ProxyConfig config(String profile, Map<String, String> flags) {
        return new ConfigLoader(TomcatConfigKeys.schema())
                .profile(profile)
                .layer(Map.of("routes", "/=127.0.0.1:9"), "test")
                .layer(flags, "flag")
                .load();
    }

    private static Connector connector(ConnectorKind kind) {
        return new Connector(kind.newProtocol(new CountingEvents(), Duration.ofSeconds(10)));
    }

    @Test
    void referenceProfileSetsTheWriteUpsAprAttributes() {
        Connector c = connector(ConnectorKind.APR);
        List<String> notes = ConnectorSettings.apply(config("reference", Map.of()), ConnectorKind.APR, c);
        AbstractHttp11Protocol<?> p = (AbstractHttp11Protocol<?>) c.getProtocolHandler();
        assertThat(p.getMaxThreads()).isEqualTo(5000);
        assertThat(p.getConnectionTimeout()).isEqualTo(20_000);
        assertThat(((Http11AprProtocol) p).getPollTime()).isEqualTo(5000);
        assertThat(notes)
                .as("what Tomcat 9.0.113 does not honour")
                .anyMatch(n -> n.startsWith("acceptorThreadCount=2"))
                .anyMatch(n -> n.startsWith("socketBuffer=15000"))
                .hasSize(2);
    }

    @Test
    void tomcatReallyHasNoSocketBufferAttribute() {
        // If a Tomcat upgrade brings it back, the "no such attribute" note must go.
        assertThat(connector(ConnectorKind.NIO).setProperty("socketBuffer", "15000"))
                .isFalse();
    }

    @Test
    void defaultsFollowTheCommonKeysAndKeepConnectionsAlive() {
        Connector c = connector(ConnectorKind.NIO);
        List<String> notes = ConnectorSettings.apply(
                config(
                        null,
                        Map.of(
                                "server.backlog",
                                "777",
                                "limits.maxConnections",
                                "1234",
                                "client.requestReadTimeout",
                                "3s",
                                "client.idleTimeout",
                                "7s")),
                ConnectorKind.NIO,
                c);
        AbstractHttp11Protocol<?> p = (AbstractHttp11Protocol<?>) c.getProtocolHandler();
        assertThat(notes).isEmpty();
        assertThat(p.getAcceptCount()).isEqualTo(777);
        assertThat(p.getMaxConnections()).isEqualTo(1234);
        assertThat(p.getConnectionTimeout()).isEqualTo(3000);
        assertThat(p.getKeepAliveTimeout()).isEqualTo(7000);
        assertThat(p.getMaxHttpHeaderSize())
                .as("room for request line and headers")
                .isEqualTo(8192 + 8192);
    }

    @Test
    void aprOnlySettingsAreReportedOnNio() {
        List<String> notes = ConnectorSettings.apply(
                config(null, Map.of("tomcat.pollTime", "5000")), ConnectorKind.NIO, connector(ConnectorKind.NIO));
        assertThat(notes).containsExactly("pollTime=5000 (APR connector only; this is nio)");
    }

    private static final class CountingEvents implements ConnectionEvents {
        @Override
        public void opened() {}

        @Override
        public void closed() {}

        @Override
        public void headTimedOut() {}
    }
}
