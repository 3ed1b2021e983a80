package io.proxybench.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.Gauge;
import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.netty.support.TestProxies;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The write-up's 4/8/4 on 8 cores, kept as ratios and scaled to the cores at hand. */
class ReferenceWorkersTest {

    @ParameterizedTest(name = "{0} cores -> {1}/{2}/{3}")
    @CsvSource({"1, 1, 1, 1", "2, 1, 2, 1", "3, 1, 3, 1", "4, 2, 4, 2", "8, 4, 8, 4", "12, 6, 12, 6", "64, 32, 64, 32"})
    void theReferenceProfileScalesTheWriteUpsRatiosToTheCores(int cores, int inbound, int stage, int outbound) {
        assertThat(counts(NettyConfigKeys.schema(cores), ReferenceWorkers.PROFILE))
                .containsExactly(inbound, stage, outbound);
    }

    @Test
    void theLiteralVariantIsFourEightFourOnAnyMachine() {
        for (int cores : List.of(1, 2, 32)) {
            assertThat(counts(NettyConfigKeys.schema(cores), ReferenceWorkers.LITERAL_PROFILE))
                    .containsExactly(4, 8, 4);
        }
    }

    @Test
    void noCoresIsAProgrammingError() {
        assertThatThrownBy(() -> ReferenceWorkers.scaledTo(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theStartLineGivesTheRatioTheCoresAndWhereTheCountsCameFrom() {
        ProxyConfig scaled = new ConfigLoader(NettyConfigKeys.schema(2))
                .profile(ReferenceWorkers.PROFILE)
                .load();
        assertThat(WorkerGauges.describe(scaled, 2)).isEqualTo("0.5/1/0.5 per core of 2 cores, from profile reference");

        ProxyConfig literal = new ConfigLoader(NettyConfigKeys.schema(2))
                .profile(ReferenceWorkers.LITERAL_PROFILE)
                .load();
        assertThat(WorkerGauges.describe(literal, 2))
                .isEqualTo("2/4/2 per core of 2 cores, from profile reference-literal");
    }

    @Test
    void theMetricsCarryTheCountsAndTheCores() throws Exception {
        try (NettyProxyServer proxy = TestProxies.start(Map.of(
                "routes",
                TestProxies.routeTo(TestProxies.deadPort()),
                "workers.inbound",
                "1",
                "workers.stage",
                "2",
                "workers.outbound",
                "1"))) {
            Map<String, Gauge> gauges = proxy.metrics().registry().getGauges();
            assertThat(List.of(
                            gauges.get(WorkerGauges.INBOUND).getValue(),
                            gauges.get(WorkerGauges.STAGE).getValue(),
                            gauges.get(WorkerGauges.OUTBOUND).getValue()))
                    .containsExactly(1, 2, 1);
            assertThat(gauges.get(WorkerGauges.CORES).getValue())
                    .isEqualTo(Runtime.getRuntime().availableProcessors());
        }
    }

    private static List<Integer> counts(ConfigSchema schema, String profile) {
        ProxyConfig c = new ConfigLoader(schema).profile(profile).load();
        return List.of(
                c.get(NettyConfigKeys.WORKERS_INBOUND),
                c.get(NettyConfigKeys.WORKERS_STAGE),
                c.get(NettyConfigKeys.WORKERS_OUTBOUND));
    }
}
