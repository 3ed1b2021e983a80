package io.proxybench.netty.conformance;

import io.proxybench.core.conformance.TlsConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;

/** Forwarding, body, header and framing cases over TLS on the Netty front end (OpenSSL where it loads). */
class NettyTlsConformanceTest extends TlsConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new NettyProxyFactory();
    }
}
