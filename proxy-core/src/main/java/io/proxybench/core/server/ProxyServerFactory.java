package io.proxybench.core.server;

import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.ProxyConfig;

/** What a front end tells the shared launcher: its name, its keys, and how to start. */
public interface ProxyServerFactory {

    /** e.g. {@code proxy-netty}; used in usage text and logs. */
    String name();

    /** The common keys plus the front end's own. */
    ConfigSchema schema();

    /** Binds both ports and starts serving; throws with a clear message when it cannot. */
    ProxyServer start(ProxyConfig config) throws Exception;
}
