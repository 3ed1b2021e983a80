package io.proxybench.loadtest.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Reads a real recording: {@code pinning/pinned-25.jfr}, made on Temurin 25 by
 * {@code pinning/PinInNativeUpcall.java} beside it (8 pins, each a sleep under qsort's native frame).
 * The expected figures are those {@code jfr print --json} shows for the file.
 */
class PinnedCarriersTest {

    private static final Instant BEFORE = Instant.parse("2026-12-05T12:37:00Z");
    private static final Instant AFTER = Instant.parse("2026-12-05T12:38:00Z");

    private static Path recording() throws URISyntaxException {
        return Path.of(
                PinnedCarriersTest.class.getResource("/pinning/pinned-25.jfr").toURI());
    }

    @Test
    void countsEveryPinAndAddsTheirDurations() throws Exception {
        PinnedCarriers pins = PinnedCarriers.read(recording(), BEFORE, AFTER);
        assertThat(pins.count()).isEqualTo(8);
        assertThat(pins.totalMs()).isCloseTo(20.024975, within(1e-6));
        assertThat(pins.topCount()).isEqualTo(8);
        assertThat(pins.topStack())
                .startsWith(
                        "java.lang.VirtualThread.postPinnedEvent", "java.lang.VirtualThread.parkOnCarrierThread:830")
                .contains(
                        "java.lang.Thread.sleep:540",
                        "PinInNativeUpcall.compare:21",
                        "PinInNativeUpcall.lambda$main$0:43");
        assertThat(pins.describe("tomcat step 100"))
                .startsWith("tomcat step 100: 8 pins, 20.025 ms pinned in all\n"
                        + "the stack that pinned longest: 8 pins, 20.025 ms\n"
                        + "    at java.lang.VirtualThread.postPinnedEvent\n")
                .contains("    at PinInNativeUpcall.compare:21\n");
    }

    @Test
    void onlyPinsThatBeganInTheWindowCount() throws Exception {
        PinnedCarriers pins = PinnedCarriers.read(recording(), Instant.parse("2026-12-05T12:37:37.700Z"), AFTER);
        assertThat(pins.count()).isEqualTo(6);
        assertThat(pins.totalMs()).isCloseTo(20.024975 - 2.108209 - 5.39554, within(1e-6));
    }

    @Test
    void aWindowWithoutPinsHasNoneAndNoStack() throws Exception {
        PinnedCarriers pins = PinnedCarriers.read(recording(), BEFORE, Instant.parse("2026-12-05T12:37:30Z"));
        assertThat(pins.count()).isZero();
        assertThat(pins.totalMs()).isZero();
        assertThat(pins.topStack()).isEmpty();
        assertThat(pins.describe("netty step 10")).isEqualTo("netty step 10: 0 pins, 0.000 ms pinned in all\n");
    }
}
