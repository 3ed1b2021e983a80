package io.proxybench.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Optional;
import java.util.Properties;

/**
 * Netty's pooled allocator counts the bytes each chunk has handed out ("pinned") in an adder of the
 * chunk: one add when a buffer is made and one when it is freed, about four buffers a proxied
 * request, for a figure nothing here reads. The adds took 0.7 % of proxy-netty's CPU at 400
 * keep-alive connections. Netty reads its switch once, when it makes its first chunk, so the
 * process's entry turns it off before anything allocates, unless the JVM was started with
 * {@code -Dio.netty.trackPinnedMemory}.
 */
final class PinnedMemoryTracking {

    static final String PROPERTY = "io.netty.trackPinnedMemory";

    private PinnedMemoryTracking() {}

    /** Off in {@code properties} unless they already name a value. */
    static void offUnlessAsked(Properties properties) {
        properties.putIfAbsent(PROPERTY, "false");
    }

    /**
     * Whether the pooled allocator is counting pinned bytes, as shown by one of its buffers; empty
     * for another allocator. Allocating makes the first chunk, which settles it for the process.
     */
    static Optional<Boolean> inEffect(ByteBufAllocator allocator) {
        if (!(allocator instanceof PooledByteBufAllocator pooled)) {
            return Optional.empty();
        }
        ByteBuf held = pooled.directBuffer(256);
        try {
            return Optional.of(pooled.pinnedDirectMemory() > 0);
        } finally {
            held.release();
        }
    }
}
