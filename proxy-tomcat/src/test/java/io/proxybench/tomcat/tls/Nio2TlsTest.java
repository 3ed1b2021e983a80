package io.proxybench.tomcat.tls;

import io.proxybench.core.conformance.tls.TlsPortSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.tomcat.TomcatProxyFactory;
import java.util.Map;

/** The TLS port suite against the Tomcat front end's nio2 connector (JSSE). */
class Nio2TlsTest extends TlsPortSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new TomcatProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("tomcat.connector", "nio2");
    }

    @Override
    protected boolean countsHandshakes() {
        return false;
    }
}
