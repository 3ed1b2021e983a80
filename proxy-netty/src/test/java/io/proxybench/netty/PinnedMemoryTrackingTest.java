package io.proxybench.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PinnedMemoryTrackingTest {

    @Test
    void aJvmToldNothingCountsNoPinnedMemory() {
        Properties properties = new Properties();
        PinnedMemoryTracking.offUnlessAsked(properties);
        assertThat(properties.getProperty(PinnedMemoryTracking.PROPERTY)).isEqualTo("false");
    }

    @Test
    void aJvmStartedWithTheSwitchKeepsWhatItWasTold() {
        Properties properties = new Properties();
        properties.setProperty(PinnedMemoryTracking.PROPERTY, "true");
        PinnedMemoryTracking.offUnlessAsked(properties);
        assertThat(properties.getProperty(PinnedMemoryTracking.PROPERTY)).isEqualTo("true");
    }

    @Test
    void anAllocatorWithoutChunksHasNothingToSay() {
        assertThat(PinnedMemoryTracking.inEffect(UnpooledByteBufAllocator.DEFAULT))
                .isEmpty();
    }
}
