package io.proxybench.netty.tls;

import io.proxybench.core.conformance.tls.TlsPortSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;
import java.util.Map;

/** The TLS port suite against the Netty front end with OpenSSL (netty-tcnative's BoringSSL). */
class NettyOpenSslTlsTest extends TlsPortSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new NettyProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("netty.tls.provider", "openssl", "workers.inbound", "2");
    }
}
