package io.proxybench.tomcat.conformance;

import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.tomcat.TomcatProxyFactory;
import io.proxybench.tomcat.connector.AprRequired;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The shared conformance suite on the apr client connector; skipped, with the reason, where
 * libtcnative-1 cannot load.
 */
@ExtendWith(AprRequired.class)
class AprConformanceTest extends ProxyConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new TomcatProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("tomcat.connector", "apr");
    }
}
