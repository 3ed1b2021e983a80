package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.proxybench.loadtest.results.StepRecord.OriginFaults;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class OriginReadersTest {

    /** stub-origin's {@code /_origin/stats}, as served after a short run with a fault mix. */
    private static final String ORIGIN_STATS = "{\"requests\":5210,\"activeConnections\":41,\"totalConnections\":73,"
            + "\"rejectedConnections\":0,\"bytesIn\":512000,\"bytesOut\":5400000,\"faults\":{\"status-500\":52,"
            + "\"reset\":50,\"close-mid-body\":49,\"garbage\":55,\"stall\":27,\"slow-body\":0}}";

    @Test
    void originStatsGiveRequestsAndFaultsByKind() throws IOException {
        OriginFaults f = OriginStatsReader.parse(ORIGIN_STATS);
        assertThat(f).isEqualTo(new OriginFaults(5210L, 52L, 50L, 49L, 55L, 27L, 0L));
        assertThat(f.total()).isEqualTo(233L);
    }

    @Test
    void aStepIsTheDifferenceAndAKindTheOriginDoesNotReportStaysUnknown() throws IOException {
        OriginFaults before = OriginStatsReader.parse("{\"requests\":100,\"faults\":{\"reset\":1}}");
        OriginFaults after = OriginStatsReader.parse("{\"requests\":350,\"faults\":{\"reset\":4}}");
        OriginFaults step = after.since(before);
        assertThat(step.requests()).isEqualTo(250L);
        assertThat(step.reset()).isEqualTo(3L);
        assertThat(step.stall()).as("not reported: not zero").isNull();
        assertThat(OriginFaults.NONE.total()).isNull();
    }

    @Test
    void theOriginsCompileTimeIsReadFromTheSameStatsAndItsAbsenceIsAnError() throws IOException {
        assertThat(OriginStatsReader.compilationTimeMs("{\"requests\":5,\"compilationTimeMs\":1234}"))
                .isEqualTo(1234.0);
        // an origin from before the figure was published: the warm-up must not read it as "no compiling"
        assertThatThrownBy(() -> OriginStatsReader.compilationTimeMs("{\"requests\":5}"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("compilationTimeMs");
    }

    @Test
    void poolReadingKeepsPoolGaugesErrorsAndResponsesOnly() throws IOException {
        String metrics = "{\"version\":\"4.0.0\",\"gauges\":{\"proxy.connections.origin.active\":{\"value\":0},"
                + "\"proxy.connections.origin.idle\":{\"value\":38},\"jvm.memory.heap.used\":{\"value\":1.0E8}},"
                + "\"counters\":{\"proxy.connections.origin.opened\":{\"count\":212},"
                + "\"proxy.errors.reset\":{\"count\":3},\"proxy.origin.pool.waits\":{\"count\":0}},"
                + "\"meters\":{\"proxy.responses.5xx\":{\"count\":140,\"m1_rate\":2.0}},\"timers\":{}}";
        assertThat(OriginPoolReader.parse(metrics))
                .containsExactly(
                        entry("proxy.connections.origin.active", 0L),
                        entry("proxy.connections.origin.idle", 38L),
                        entry("proxy.connections.origin.opened", 212L),
                        entry("proxy.errors.reset", 3L),
                        entry("proxy.origin.pool.waits", 0L),
                        entry("proxy.responses.5xx", 140L));
    }
}
