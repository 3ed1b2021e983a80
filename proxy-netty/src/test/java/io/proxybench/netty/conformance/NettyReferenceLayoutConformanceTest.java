package io.proxybench.netty.conformance;

import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;

/**
 * The conformance suite against the Netty front end in the write-up's layout scaled to the cores
 * (a filter pool and origin loops of their own): every thread hop the default layout avoids happens here.
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
