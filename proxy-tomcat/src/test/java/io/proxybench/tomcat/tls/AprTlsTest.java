package io.proxybench.tomcat.tls;

import io.proxybench.core.conformance.tls.TlsPortSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.tomcat.TomcatProxyFactory;
import io.proxybench.tomcat.connector.AprRequired;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The TLS port suite against the Tomcat front end's apr connector (OpenSSL); skipped where
 * libtcnative-1 cannot load.
 */
@ExtendWith(AprRequired.class)
class AprTlsTest extends TlsPortSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new TomcatProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("tomcat.connector", "apr");
    }

    @Override
    protected boolean countsHandshakes() {
        return false;
    }
}
