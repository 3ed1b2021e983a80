package io.proxybench.tomcat.conformance;

import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.tomcat.TomcatProxyFactory;
import java.util.Map;

/** The shared conformance suite on the nio2 client connector. */
class Nio2ConformanceTest extends ProxyConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new TomcatProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("tomcat.connector", "nio2");
    }
}
