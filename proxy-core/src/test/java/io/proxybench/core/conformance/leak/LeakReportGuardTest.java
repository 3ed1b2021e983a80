package io.proxybench.core.conformance.leak;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guard is only worth having if a real leak shows up in its records. */
class LeakReportGuardTest {

    static {
        LeakRecorder.install();
    }

    @Test
    void aBufferCollectedWithoutReleaseIsRecorded() throws InterruptedException {
        long mark = LeakRecorder.mark();
        leakOneBuffer();
        List<LeakRecorder.Leak> leaks = List.of();
        for (int attempt = 0; attempt < 5 && leaks.isEmpty(); attempt++) {
            LeakReportGuard.provokeDetection();
            leaks = LeakRecorder.since(mark);
        }
        assertThat(leaks).as("leak records after dropping an unreleased buffer").isNotEmpty();
        assertThat(leaks.get(0).toString()).contains("ByteBuf").contains("leakOneBuffer");
    }

    @Test
    void releasedBuffersLeaveNoRecord() throws InterruptedException {
        long mark = LeakRecorder.mark();
        for (int i = 0; i < 100; i++) {
            ByteBuf buf = ByteBufAllocator.DEFAULT.directBuffer(64);
            buf.writeLong(i);
            buf.release();
        }
        LeakReportGuard.provokeDetection();
        assertThat(LeakRecorder.since(mark)).isEmpty();
    }

    private static void leakOneBuffer() {
        ByteBuf buf = ByteBufAllocator.DEFAULT.directBuffer(128);
        buf.writeInt(42);
        buf.readInt();
        // dropped without release(): exactly what the guard exists to catch
    }
}
