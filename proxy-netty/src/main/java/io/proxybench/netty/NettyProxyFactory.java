package io.proxybench.netty;

import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.server.ProxyServer;
import io.proxybench.core.server.ProxyServerFactory;

/** The Netty front end as the shared launcher and the conformance suite start it. */
public final class NettyProxyFactory implements ProxyServerFactory {

    @Override
    public String name() {
        return "proxy-netty";
    }

    @Override
    public ConfigSchema schema() {
        return NettyConfigKeys.schema();
    }

    @Override
    public ProxyServer start(ProxyConfig config) throws Exception {
        return NettyProxyServer.start(config);
    }
}
