package io.proxybench.netty;

import io.proxybench.core.server.ProxyLauncher;

/** {@code java -jar proxy-netty.jar --route /=HOST:PORT ...}; see {@link ProxyLauncher} for the flags. */
public final class NettyProxyMain {

    private NettyProxyMain() {}

    public static void main(String[] args) {
        PinnedMemoryTracking.offUnlessAsked(System.getProperties());
        System.exit(ProxyLauncher.run(new NettyProxyFactory(), args));
    }
}
