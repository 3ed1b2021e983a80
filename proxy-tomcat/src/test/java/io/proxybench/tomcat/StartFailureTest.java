package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.origin.StubOrigin;
import io.proxybench.tomcat.connector.AprRequired;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Tomcat only logs a connector that failed to start; the front end must refuse to run without it. */
class StartFailureTest {

    @ParameterizedTest(name = "{0} connector")
    @ValueSource(strings = {"apr", "nio"})
    void aTakenClientPortFailsTheStartWithTheReason(String connector) throws Exception {
        AprRequired.assumeAvailableFor(connector);
        try (StubOrigin origin = TestProxies.origin();
                ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> TestProxies.start(
                            origin,
                            Map.of(
                                    "tomcat.connector",
                                    connector,
                                    "server.port",
                                    Integer.toString(taken.getLocalPort()))))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("cannot listen on 127.0.0.1:" + taken.getLocalPort()
                            + " (client port): Address already in use");
        }
    }
}
