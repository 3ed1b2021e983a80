package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reported a leaked buffer while it ran. Leaks surface only after the buffer
 * was collected and the detector was used again, so this collects garbage and allocates a few times first.
 */
public final class FailOnLeakReports implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(20);
            ByteBuf pooled = PooledByteBufAllocator.DEFAULT.directBuffer(16);
            pooled.release();
            ByteBuf unpooled = UnpooledByteBufAllocator.DEFAULT.directBuffer(16);
            unpooled.release();
        }
        List<String> reports = LeakReportCollector.drain();
        assertThat(reports).as("Netty leak reports").isEmpty();
    }
}
