package io.proxybench.loadgen.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.loadgen.record.StepSummary;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The open model: sends on schedule whatever the answers, and a stall shows in its latencies. */
@ExtendWith(LeakReportGuard.class)
class OpenModelTest {

    private StubOrigin origin;

    @BeforeEach
    void start() {
        origin = StubOrigin.started(StubOriginOptions.builder()
                .latency(Duration.ofMillis(1))
                .threads(1)
                .build());
    }

    @AfterEach
    void stop() {
        origin.close();
    }

    @Test
    void sendsAtTheScheduledRate() throws Exception {
        try (LoadEngine engine = Engines.against(origin.baseUri(), 2)) {
            StepSummary step = engine.run(Engines.open("rate", 4, 200, Duration.ofSeconds(2)), null);

            // 400 sends are due in 2 s; the last few answers may land after the end
            assertThat(step.totals().requests()).isBetween(380L, 400L);
            assertThat(step.totals().unsent()).isLessThanOrEqualTo(4);
            assertThat(step.model()).isEqualTo("open");
        }
    }

    /**
     * The same one-second stall of the whole origin, seen by both models. The closed model sends
     * nothing while it waits, so the stall is one slow answer per connection among thousands:
     * p99 stays small. The open model keeps its schedule, so every request meant to go out during
     * the stall counts its wait from its intended time: p99 shows about the full second.
     */
    @Test
    void aStallShowsInTheOpenModelsP99WhileTheClosedModelHidesIt() throws Exception {
        try (PausableRelay relay = new PausableRelay(new InetSocketAddress("127.0.0.1", origin.port()));
                LoadEngine engine = Engines.against(relay.baseUri(), 1)) {
            engine.run(Engines.closed("warmup", 2, Duration.ofMillis(500)), null);

            StepSummary closed = stalledStep(engine, relay, Engines.closed("closed", 2, Duration.ofSeconds(4)));
            StepSummary open = stalledStep(engine, relay, Engines.open("open", 2, 200, Duration.ofSeconds(4)));

            assertThat(closed.latency().getMaxValue()).as("closed max").isGreaterThanOrEqualTo(900_000);
            assertThat(closed.latency().getValueAtPercentile(99))
                    .as("closed p99")
                    .isLessThan(100_000);
            assertThat(open.latency().getValueAtPercentile(99)).as("open p99").isGreaterThanOrEqualTo(900_000);
            assertThat(open.totals().requests()).as("open requests").isGreaterThan(700);
        }
    }

    /** Runs {@code plan} with the origin's answers held back from 1 s to 2 s into the step. */
    private static StepSummary stalledStep(LoadEngine engine, PausableRelay relay, StepPlan plan) throws Exception {
        CompletableFuture<StepSummary> step = new CompletableFuture<>();
        Thread runner = new Thread(
                () -> {
                    try {
                        step.complete(engine.run(plan, null));
                    } catch (Throwable e) {
                        step.completeExceptionally(e);
                    }
                },
                "step-" + plan.name());
        runner.start();
        Thread.sleep(1000);
        relay.pause();
        try {
            Thread.sleep(1000);
        } finally {
            relay.resume();
        }
        StepSummary summary = step.get(30, TimeUnit.SECONDS);
        engine.settle();
        return summary;
    }
}
