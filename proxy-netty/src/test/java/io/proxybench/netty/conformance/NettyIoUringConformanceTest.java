package io.proxybench.netty.conformance;

import io.proxybench.core.conformance.ProxyConformanceSuite;
import io.proxybench.core.server.ProxyServerFactory;
import io.proxybench.netty.NettyProxyFactory;
import io.proxybench.netty.transport.IoUringRequired;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The conformance suite against the Netty front end on io_uring: its reads, writes and closes take
 * other paths than epoll's, and a run comparing the two transports must compare one behaviour.
 */
@ExtendWith(IoUringRequired.class)
class NettyIoUringConformanceTest extends ProxyConformanceSuite {

    @Override
    protected ProxyServerFactory frontEnd() {
        return new NettyProxyFactory();
    }

    @Override
    protected Map<String, String> frontEndSettings() {
        return Map.of("server.transport", "io_uring");
    }
}
