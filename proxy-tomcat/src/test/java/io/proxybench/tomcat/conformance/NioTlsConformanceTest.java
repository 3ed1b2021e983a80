package io.proxybench.tomcat.conformance;

import io.proxybench.core.conformance.TlsConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.tomcat.TomcatProxyFactory;
import java.util.Map;

/** Forwarding, body, header and framing cases over TLS on the nio connector (JSSE). */
class NioTlsConformanceTest extends TlsConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new TomcatProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("tomcat.connector", "nio");
    }
}
