package io.proxybench.bench.buffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.proxybench.bench.MicroBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The pooled buffers one proxied request takes and gives back: a read buffer on each connection
 * (the adaptive receive guess of a small exchange, 2 KiB) and an encoded head for each direction,
 * all released before the next request, as on an event loop. {@code pinnedTracked} runs it with
 * Netty's count of pinned chunk memory on (its default), {@code pinnedUntracked} as proxy-netty
 * starts, with it off. Both forks give the benchmark threads the allocator's thread caches, which
 * Netty otherwise keeps for its own threads.
 */
@State(Scope.Thread)
public class RequestBuffersBenchmark extends MicroBenchmark {

    private static final String COMMON = "-Dio.netty.allocator.useCacheForAllThreads=true";

    private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;

    @Benchmark
    @Fork(
            value = 1,
            jvmArgsAppend = {
                "-Dio.netty.leakDetection.level=disabled",
                "-Xms512m",
                "-Xmx512m",
                COMMON,
                "-Dio.netty.trackPinnedMemory=true"
            })
    public long pinnedTracked() {
        return oneRequest();
    }

    @Benchmark
    @Fork(
            value = 1,
            jvmArgsAppend = {
                "-Dio.netty.leakDetection.level=disabled",
                "-Xms512m",
                "-Xmx512m",
                COMMON,
                "-Dio.netty.trackPinnedMemory=false"
            })
    public long pinnedUntracked() {
        return oneRequest();
    }

    private long oneRequest() {
        ByteBuf clientRead = alloc.ioBuffer(2048);
        ByteBuf originHead = alloc.directBuffer(256);
        ByteBuf originRead = alloc.ioBuffer(2048);
        ByteBuf clientHead = alloc.directBuffer(256);
        long touched = clientRead.memoryAddress()
                ^ originHead.memoryAddress()
                ^ originRead.memoryAddress()
                ^ clientHead.memoryAddress();
        clientRead.release();
        originHead.release();
        originRead.release();
        clientHead.release();
        return touched;
    }

    public static void main(String[] args) throws Exception {
        run(RequestBuffersBenchmark.class);
    }
}
