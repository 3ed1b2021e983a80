package io.proxybench.netty;

import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(PinnedMemoryTracking.inEffect(UnpooledByteBufAllocator.DEFAULT)).isEmpty();
    }
}
