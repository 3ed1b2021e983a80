package io.proxybench.netty.tls;

import io.proxybench.common.tls.KeyType;
import io.proxybench.core.conformance.tls.TlsPortSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;
import java.util.Map;

/** The TLS port suite against the Netty front end with the JDK's engine, and an RSA key for a change. */
class NettyJdkTlsTest extends TlsPortSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new NettyProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("netty.tls.provider", "jdk", "workers.inbound", "2");
    }

    @Override
    protected KeyType keyType() {
        return KeyType.RSA_2048;
    }
}
