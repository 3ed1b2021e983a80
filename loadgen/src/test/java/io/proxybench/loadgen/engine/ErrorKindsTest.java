package io.proxybench.loadgen.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.loadgen.record.ErrorKind;
import io.proxybench.loadgen.record.StepSummary;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Bad targets and bad answers are counted by kind, like wrk, and every step still ends on time. */
@ExtendWith(LeakReportGuard.class)
class ErrorKindsTest {

    private static StubOrigin origin;

    @BeforeAll
    static void start() {
        origin = StubOrigin.started(
                StubOriginOptions.builder().latency(Duration.ZERO).threads(1).build());
    }

    @AfterAll
    static void stop() {
        origin.close();
    }

    @Test
    void aPortNobodyListensOnGivesConnectErrorsAndNoLatency() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (LoadEngine engine = Engines.against(URI.create("http://127.0.0.1:" + port), 1)) {
            StepSummary step = engine.run(Engines.closed("refused", 2, Duration.ofMillis(500)), null);

            assertThat(step.totals().errors(ErrorKind.CONNECT)).isPositive();
            assertThat(step.totals().requests()).isZero();
            assertThat(step.toJson()).contains("\"latencyUs\":null");
            // a dead target is retried after a pause, not spun on
            assertThat(step.totals().errors(ErrorKind.CONNECT))
                    .isLessThanOrEqualTo(2 * (500 / Connection.RETRY_DELAY_MS + 1));
        }
    }

    @Test
    void errorStatusesAreRequestsAndStatusErrors() throws Exception {
        try (LoadEngine engine = Engines.against(origin.baseUri(), 1, "X-Origin-Fault: status-500")) {
            StepSummary step = engine.run(Engines.closed("500", 2, Duration.ofMillis(300)), null);

            assertThat(step.totals().requests()).isPositive();
            assertThat(step.totals().errors(ErrorKind.STATUS))
                    .isEqualTo(step.totals().requests());
            assertThat(step.totals().errors(ErrorKind.READ)).isZero();
        }
    }

    @Test
    void anOriginThatNeverAnswersGivesTimeouts() throws Exception {
        try (LoadEngine engine = Engines.against(origin.baseUri(), 1, "X-Origin-Fault: stall")) {
            StepPlan plan = new StepPlan("stall", 2, Duration.ofSeconds(1), 0, false, Duration.ofMillis(200));
            StepSummary step = engine.run(plan, null);

            assertThat(step.totals().errors(ErrorKind.TIMEOUT)).isPositive();
            assertThat(step.totals().requests()).isZero();
        }
    }

    @Test
    void resetsAndGarbageAreReadErrors() throws Exception {
        for (String fault : new String[] {"reset", "garbage", "close-mid-body"}) {
            try (LoadEngine engine = Engines.against(origin.baseUri(), 1, "X-Origin-Fault: " + fault)) {
                StepSummary step = engine.run(Engines.closed(fault, 2, Duration.ofMillis(300)), null);

                assertThat(step.totals().errors(ErrorKind.READ)).as(fault).isPositive();
                assertThat(step.totals().requests()).as(fault).isZero();
            }
        }
    }
}
