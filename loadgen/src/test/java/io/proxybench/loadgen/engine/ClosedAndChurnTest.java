package io.proxybench.loadgen.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.loadgen.record.ErrorKind;
import io.proxybench.loadgen.record.LoopRecorder;
import io.proxybench.loadgen.record.StepSummary;
import io.proxybench.origin.OriginStats;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The closed model against the stub origin: counts, latencies, churn, and a ramp that keeps its connections. */
@ExtendWith(LeakReportGuard.class)
class ClosedAndChurnTest {

    private static final long ORIGIN_LATENCY_US = 20_000;

    private StubOrigin origin;
    private LoadEngine engine;

    @BeforeEach
    void start() {
        origin = StubOrigin.started(StubOriginOptions.builder()
                .latency(Duration.ofNanos(ORIGIN_LATENCY_US * 1000))
                .payloadSize(1024)
                .threads(1)
                .build());
        engine = Engines.against(origin.baseUri(), 2);
    }

    @AfterEach
    void stop() {
        engine.close();
        origin.close();
    }

    @Test
    void closedModelSendsOneRequestAtATimePerConnectionAndMeasuresTheOriginsLatency() throws Exception {
        StepSummary step = engine.run(Engines.closed("4", 4, Duration.ofSeconds(2)), null);

        // each connection waits for its answer, which takes at least the origin's latency, and goes again
        long ceiling = 4 * (2_000_000 / ORIGIN_LATENCY_US + 1);
        assertThat(step.totals().requests()).as("more than one per connection").isBetween(5L, ceiling);
        assertThat(step.latency().getMinValue()).isGreaterThanOrEqualTo(ORIGIN_LATENCY_US);
        // One request at a time per connection, timed from its send: a connection's latencies add up to
        // at most the step's length. The histogram rounds each value by up to 1 part in 10^DIGITS, and
        // the step's length is read off the wall clock to the millisecond.
        double latencySumUs = step.latency().getMean() * step.latency().getTotalCount();
        long stepUs = (step.endEpochMs() - step.startEpochMs() + 2) * 1000;
        assertThat(latencySumUs)
                .as(
                        "latencies of %d requests added up, against 4 connections for %d us",
                        step.totals().requests(), stepUs)
                .isLessThanOrEqualTo(4 * stepUs * (1 + Math.pow(10, -LoopRecorder.DIGITS)));
        assertThat(step.totals().bytes()).isGreaterThan(step.totals().requests() * 1024);
        for (ErrorKind kind : ErrorKind.values()) {
            assertThat(step.totals().errors(kind)).as(kind.id()).isZero();
        }
        engine.settle();
        OriginStats stats = origin.stats();
        assertThat(stats.totalConnections()).isEqualTo(4);
        assertThat(stats.requests()).isGreaterThanOrEqualTo(step.totals().requests());
    }

    @Test
    void churnOpensANewConnectionForEveryRequest() throws Exception {
        StepSummary step = engine.run(Engines.churn("churn", 3, Duration.ofSeconds(1)), null);
        engine.settle();

        assertThat(step.totals().requests()).isPositive();
        assertThat(step.totals().connectionsOpened())
                .isGreaterThanOrEqualTo(step.totals().requests());
        OriginStats stats = origin.stats();
        assertThat(stats.totalConnections())
                .isGreaterThanOrEqualTo(step.totals().requests());
        // one request per connection; a slot may have opened its next connection just as the step ended
        assertThat(stats.totalConnections()).isBetween(stats.requests(), stats.requests() + 3);
        assertThat(step.totals().errors(ErrorKind.READ)).isZero();
    }

    @Test
    void aRampAddsConnectionsToTheOpenOnesAndARampDownClosesTheSurplus() throws Exception {
        StepSummary first = engine.run(Engines.closed("5", 5, Duration.ofMillis(500)), null);
        StepSummary second = engine.run(Engines.closed("12", 12, Duration.ofMillis(500)), null);
        engine.settle();

        assertThat(first.totals().connectionsOpened()).isEqualTo(5);
        assertThat(second.totals().connectionsOpened()).isEqualTo(7);
        assertThat(origin.stats().totalConnections()).isEqualTo(12);
        assertThat(origin.stats().activeConnections()).isEqualTo(12);

        engine.run(Engines.closed("3", 3, Duration.ofMillis(300)), null);
        engine.settle();
        Eventually.holds(() -> assertThat(origin.stats().activeConnections())
                .as("connections the origin still holds after the ramp down")
                .isEqualTo(3));
        assertThat(origin.stats().totalConnections()).isEqualTo(12);
    }
}
