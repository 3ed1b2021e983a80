package io.proxybench.tomcat;

import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Starting origins and proxies in-process for this module's tests. */
final class TestProxies {

    private TestProxies() {}

    static StubOrigin origin() {
        return StubOrigin.started(StubOriginOptions.builder()
                .latency("0")
                .threads(1)
                .drainTimeout(Duration.ZERO)
                .build());
    }

    static ProxyConfig config(StubOrigin origin, Map<String, String> settings) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("server.port", "0");
        all.put("admin.port", "0");
        all.put("routes", "/=127.0.0.1:" + origin.port());
        all.put("filters.serviceLoader", "false");
        all.putAll(settings);
        return new ConfigLoader(TomcatConfigKeys.schema()).layer(all, "test").load();
    }

    static ProxyServer start(StubOrigin origin, Map<String, String> settings) throws Exception {
        return new TomcatProxyFactory().start(config(origin, settings));
    }
}
