package io.proxybench.netty.conformance;

import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;

/**
 * The conformance suite against the Netty front end in the write-up's layout (4 inbound loops,
 * 8 filter threads, 4 origin loops): every thread hop the default layout avoids happens here.
 */
class NettyReferenceLayoutConformanceTest extends ProxyConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new NettyProxyFactory();
    }

    @Override
    protected String profile() {
        return "reference";
    }
}
