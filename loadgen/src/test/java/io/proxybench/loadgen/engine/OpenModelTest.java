package io.proxybench.loadgen.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.loadgen.record.ErrorKind;
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

    private static final Duration STALL = Duration.ofSeconds(1);
    private static final long STALLED_US = STALL.toNanos() / 1000 * 9 / 10;

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

            // 400 sends are due in 2 s: each was answered in the step, never sent (the generator fell behind
            // its schedule), or still out at the end, which is at most one per connection
            assertThat(step.totals().requests() + step.totals().unsent())
                    .as(
                            "%d answered and %d unsent",
                            step.totals().requests(), step.totals().unsent())
                    .isBetween(400L - 4, 400L);
            assertThat(step.totals().requests()).isPositive();
            for (ErrorKind kind : ErrorKind.values()) {
                assertThat(step.totals().errors(kind)).as(kind.id()).isZero();
            }
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

            assertThat(stalledAnswers(closed))
                    .as(
                            "closed: answers that waited out the stall, one per connection at most (of %d)",
                            closed.totals().requests())
                    .isBetween(1L, 2L);
            assertThat(open.latency().getValueAtPercentile(99)).as("open p99").isGreaterThanOrEqualTo(STALLED_US);
            // 800 sends are due in 4 s; at most one per connection is still out at the end
            assertThat(open.totals().requests() + open.totals().unsent())
                    .as(
                            "open: %d answered and %d unsent",
                            open.totals().requests(), open.totals().unsent())
                    .isBetween(800L - 2, 800L);
        }
    }

    /** Answers that took most of the stall: only a request the stall held up takes that long. */
    private static long stalledAnswers(StepSummary step) {
        return step.latency().getCountBetweenValues(STALLED_US, step.latency().getMaxValue());
    }

    /**
     * Runs {@code plan} with the origin's answers held back for {@link #STALL} once the step is under
     * way (ten of its requests have reached the origin), well before its end.
     */
    private StepSummary stalledStep(LoadEngine engine, PausableRelay relay, StepPlan plan) throws Exception {
        long answeredBefore = origin.stats().requests();
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
        Eventually.until(
                "step " + plan.name() + " is under way", () -> origin.stats().requests() >= answeredBefore + 10);
        relay.stall(STALL);
        StepSummary summary = step.get(30, TimeUnit.SECONDS);
        engine.settle();
        return summary;
    }
}
