package io.proxybench.core.conformance.leak;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reported a buffer (or any tracked resource) that was garbage
 * collected without being released while the class ran.
 *
 * <p>Netty only notices a leak when the leaked object has been collected and a later allocation
 * polls the detector's queue, so after the class (and its {@code @AfterAll}, which stops the
 * servers) the guard runs a few rounds of {@code System.gc()} plus allocations before it looks.
 * Register with {@code @ExtendWith(LeakReportGuard.class)}; the earlier a class registers it, the
 * fewer hooks it needs (see {@link LeakRecorder}).
 */
public final class LeakReportGuard implements BeforeAllCallback, AfterAllCallback {

    static {
        // As early as possible: detectors are created when Netty's classes initialise.
        LeakRecorder.install();
    }

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(LeakReportGuard.class);
    private static final int PROVOKE_ROUNDS = 4;

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!InternalLoggerFactory.getInstance(ResourceLeakDetector.class).isErrorEnabled()) {
            throw new IllegalStateException("leak reports are switched off: the logger "
                    + ResourceLeakDetector.class.getName() + " must log at ERROR for Netty to report leaks");
        }
        context.getStore(NS).put("mark", LeakRecorder.mark());
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        provokeDetection();
        long mark = context.getStore(NS).getOrDefault("mark", Long.class, 0L);
        List<LeakRecorder.Leak> leaks = LeakRecorder.since(mark);
        if (!leaks.isEmpty()) {
            String problem = LeakRecorder.installProblem();
            throw new AssertionError(leaks.size() + " Netty leak report(s) while " + context.getDisplayName()
                    + " ran (a report can also stem from an earlier class in this JVM whose garbage was collected late)"
                    + (problem == null ? "" : "; note: " + problem) + ":\n"
                    + leaks.stream().map(LeakRecorder.Leak::toString).collect(Collectors.joining("\n\n")));
        }
    }

    /** Lets unreachable tracked objects be collected and makes the detectors poll for them. */
    static void provokeDetection() throws InterruptedException {
        ByteBufAllocator[] allocators = {
            ByteBufAllocator.DEFAULT, PooledByteBufAllocator.DEFAULT, UnpooledByteBufAllocator.DEFAULT
        };
        for (int round = 0; round < PROVOKE_ROUNDS; round++) {
            System.gc();
            // Collected references reach the detectors' queues through the reference handler thread.
            Thread.sleep(40);
            for (ByteBufAllocator allocator : allocators) {
                for (int i = 0; i < 32; i++) {
                    ByteBuf heap = allocator.heapBuffer(16);
                    heap.release();
                    ByteBuf direct = allocator.directBuffer(16);
                    direct.release();
                }
            }
        }
    }
}
