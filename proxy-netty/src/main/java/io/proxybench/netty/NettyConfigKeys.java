package io.proxybench.netty;

import io.proxybench.core.config.ConfigKey;

import java.util.List;

/** Settings only the Netty front end has. */
public final class NettyConfigKeys {

    private NettyConfigKeys() {
    }

    public static final ConfigKey<String> ALLOCATOR =
            ConfigKey.oneOf("netty.allocator", "pooled", List.of("pooled", "adaptive"),
                    "buffer allocator: pooled = PooledByteBufAllocator (direct, thread caches), adaptive = Netty 4.2's default");

    public static List<ConfigKey<?>> all() {
        return List.of(ALLOCATOR);
    }
}
