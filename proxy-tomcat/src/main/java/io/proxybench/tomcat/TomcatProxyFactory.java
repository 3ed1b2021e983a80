package io.proxybench.tomcat;

import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.core.server.ProxyServerFactory;

/** The blocking front end: embedded Tomcat 9 with an APR, NIO or NIO2 connector and a pooled HTTP client. */
public final class TomcatProxyFactory implements ProxyServerFactory {

    @Override
    public String name() {
        return "proxy-tomcat";
    }

    @Override
    public ConfigSchema schema() {
        return TomcatConfigKeys.schema();
    }

    @Override
    public ProxyServer start(ProxyConfig config) throws Exception {
        return TomcatProxyServer.start(config);
    }
}
