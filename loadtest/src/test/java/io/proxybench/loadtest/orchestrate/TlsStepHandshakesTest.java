package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.TlsHandshakeCounts;
import io.proxybench.loadtest.results.Handshakes;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.TlsHandshakeReader.Totals;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A TLS churn step's handshake figures from the generator's result and the proxy's counters. */
class TlsStepHandshakesTest {

    private static GeneratorResult result(TlsHandshakeCounts counts) {
        return new GeneratorResult(2000, 4.0, 2_000_000, null, ErrorCounts.NONE, List.of()).withTls(counts);
    }

    /** 2,000 requests in 4 s, the proxy at 500 µs of CPU each. */
    private static final StepRecord STEP = new StepRecord(
            "netty",
            "netty",
            100,
            "ok",
            null,
            List.of(),
            null,
            4.0,
            new StepRecord.Load(2000L, 500.0),
            null,
            null,
            null,
            new StepRecord.Processes(25.0, 500.0, 100.0, 80.0, 20, 5.0, 30.0, null, null),
            null,
            null,
            null,
            null,
            1,
            null,
            null,
            null,
            null,
            null);

    @Test
    void theProxysCountersGiveTheResumedShare() {
        Handshakes figures = StepHandshakes.figures(
                STEP, result(new TlsHandshakeCounts(2500, 100)), new Totals(10, 5), new Totals(510, 2005));
        assertThat(figures.perSec()).isEqualTo(625.0);
        // 2,000 requests at 500 µs over 2,500 handshakes
        assertThat(figures.proxyCpuUsPer()).isEqualTo(400.0);
        assertThat(figures.resumedPct()).isEqualTo(80.0);
        assertThat(figures.resumedCountedBy()).isEqualTo("proxy");
    }

    @Test
    void withoutTheProxysCountsTheGeneratorsCountStands() {
        Handshakes figures = StepHandshakes.figures(STEP, result(new TlsHandshakeCounts(2000, 500)), null, null);
        assertThat(figures.resumedPct()).isEqualTo(25.0);
        assertThat(figures.resumedCountedBy()).isEqualTo("generator");
        // a proxy whose counters do not move (proxy-tomcat registers them only) counts nothing either
        Handshakes still = StepHandshakes.figures(
                STEP, result(new TlsHandshakeCounts(2000, 500)), new Totals(0, 0), new Totals(0, 0));
        assertThat(still.resumedCountedBy()).isEqualTo("generator");
    }

    @Test
    void wrkCountsOneHandshakePerAnsweredRequestAndNoResumedShare() {
        Handshakes figures = StepHandshakes.figures(STEP, result(null), null, null);
        assertThat(figures.perSec()).isEqualTo(500.0);
        assertThat(figures.proxyCpuUsPer()).isEqualTo(500.0);
        assertThat(figures.resumedPct()).isNull();
        assertThat(figures.resumedCountedBy()).isNull();
    }
}
