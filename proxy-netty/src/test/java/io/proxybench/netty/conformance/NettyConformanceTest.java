package io.proxybench.netty.conformance;

import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;

/** The conformance suite against the Netty front end in its default (fastest) worker layout. */
class NettyConformanceTest extends ProxyConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new NettyProxyFactory();
    }
}
