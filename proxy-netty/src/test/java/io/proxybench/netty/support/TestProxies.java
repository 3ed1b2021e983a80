package io.proxybench.netty.support;

import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.conformance.RefusedPort;
import io.proxybench.netty.NettyProxyFactory;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Starts proxies and origins the way the launcher would, with test-friendly defaults. */
public final class TestProxies {

    private TestProxies() {}

    /** Ephemeral ports, loopback, small thread counts, no service-loaded filters; {@code settings} win. */
    public static NettyProxyServer start(Map<String, String> settings) throws Exception {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("server.port", "0");
        all.put("admin.port", "0");
        all.put("workers.inbound", "2");
        all.put("filters.serviceLoader", "false");
        all.put("shutdown.drainTimeout", "0s");
        all.putAll(settings);
        NettyProxyFactory factory = new NettyProxyFactory();
        return (NettyProxyServer) factory.start(
                new ConfigLoader(factory.schema()).layer(all, "test").load());
    }

    /**
     * {@code key=value} arguments from {@code args[from]} on, for the footprint programs' command
     * lines ({@code server.transport=epoll}).
     *
     * @throws IllegalArgumentException naming an argument without {@code =}
     */
    public static Map<String, String> settingsFrom(String[] args, int from) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = from; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("'" + args[i] + "' is not key=value, e.g. server.transport=epoll");
            }
            settings.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        return settings;
    }

    public static StubOrigin origin() {
        return StubOrigin.started(StubOriginOptions.builder()
                .latency("0")
                .threads(1)
                .drainTimeout(Duration.ZERO)
                .build());
    }

    public static String routeTo(int port) {
        return "/=127.0.0.1:" + port;
    }

    /** A loopback port nobody listens on. */
    public static int deadPort() throws IOException {
        return RefusedPort.pick();
    }
}
