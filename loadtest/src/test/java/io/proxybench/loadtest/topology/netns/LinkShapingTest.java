package io.proxybench.loadtest.topology.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class LinkShapingTest {

    @Test
    void rateAloneUsesTokenBucketWithAtLeastOneOffloadPacketOfBurst() {
        LinkShaping shaping = LinkShaping.parse("1gbit", null);

        assertThat(shaping.rateBitsPerSecond()).contains(1_000_000_000L);
        assertThat(shaping.delayMicros()).isEmpty();
        assertThat(shaping.qdiscArguments())
                .containsExactly("tbf", "rate", "1000000000bit", "burst", "125000", "latency", "20ms");
        assertThat(LinkShaping.parse("10mbit", "").qdiscArguments()).contains("65536");
    }

    @Test
    void delayUsesNetemAndCarriesTheRate() {
        LinkShaping shaping = LinkShaping.parse("100mbit", "0.1ms");

        assertThat(shaping.delayMicros()).contains(100L);
        assertThat(shaping.qdiscArguments())
                .containsExactly("netem", "delay", "100us", "rate", "100000000bit", "limit", "10000");
        assertThat(LinkShaping.parse(null, "2ms").qdiscArguments())
                .containsExactly("netem", "delay", "2000us", "limit", "10000");
    }

    @Test
    void understandsTcUnitsBitsAndBytes() {
        assertThat(LinkShaping.parse("12.5mbps", null).rateBitsPerSecond()).contains(100_000_000L);
        assertThat(LinkShaping.parse("500KBIT", null).rateBitsPerSecond()).contains(500_000L);
        assertThat(LinkShaping.parse(null, "1s").delayMicros()).contains(1_000_000L);
        assertThat(LinkShaping.parse(null, "250us").delayMicros()).contains(250L);
    }

    @Test
    void nothingGivenShapesNothing() {
        LinkShaping none = LinkShaping.parse(" ", null);

        assertThat(none.shapes()).isFalse();
        assertThat(none.qdiscArguments()).isEmpty();
        assertThat(none.qdiscKind()).isEqualTo(Optional.empty());
        assertThat(none).isEqualTo(LinkShaping.none());
    }

    @Test
    void badValuesAreRejectedWithTheValueNamed() {
        assertThatThrownBy(() -> LinkShaping.parse("1gb", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'1gb'")
                .hasMessageContaining("gbit");
        assertThatThrownBy(() -> LinkShaping.parse("fast", null)).hasMessageContaining("'fast'");
        assertThatThrownBy(() -> LinkShaping.parse(null, "0.1"))
                .hasMessageContaining("'0.1'")
                .hasMessageContaining("ms");
        assertThatThrownBy(() -> LinkShaping.parse("0bit", null)).hasMessageContaining("above 0");
        assertThatThrownBy(() -> LinkShaping.parse(null, "11s")).hasMessageContaining("at most 10s");
        assertThatThrownBy(() -> LinkShaping.parse("-1gbit", null)).hasMessageContaining("'-1gbit'");
    }
}
