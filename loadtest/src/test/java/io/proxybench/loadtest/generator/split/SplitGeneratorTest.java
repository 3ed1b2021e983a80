package io.proxybench.loadtest.generator.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.topology.LoopbackTopology;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitGeneratorTest {

    /** A generator that reports {@code connections × 10} requests, and can wait for the other box to start. */
    private static final class FakeGenerator implements LoadGenerator {
        final List<StepRequest> seen = new CopyOnWriteArrayList<>();
        final CountDownLatch started;
        final CountDownLatch other;
        final String failure;

        FakeGenerator(CountDownLatch started, CountDownLatch other, String failure) {
            this.started = started;
            this.other = other;
            this.failure = failure;
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public Optional<String> unavailableReason() {
            return Optional.empty();
        }

        @Override
        public int usableCores(int connections) {
            return 1;
        }

        @Override
        public GeneratorResult run(StepRequest request) throws GeneratorException {
            seen.add(request);
            started.countDown();
            try {
                // a part that ran before the other had started would wait here for ever: they run together
                if (!other.await(10, TimeUnit.SECONDS)) {
                    throw new GeneratorException("the other box's part never started");
                }
            } catch (InterruptedException e) {
                throw new GeneratorException("interrupted");
            }
            if (failure != null) {
                throw new GeneratorException(failure);
            }
            return new GeneratorResult(request.connections() * 10L, 2.0, 0, null, ErrorCounts.NONE, List.of());
        }
    }

    private static StepRequest request(int connections, Path raw) {
        return new StepRequest(
                "21",
                URI.create("http://10.0.0.2:8080/"),
                connections,
                2,
                Duration.ofSeconds(2),
                ConnectionMode.KEEPALIVE,
                raw,
                handle -> {});
    }

    @Test
    void startsEveryBoxsShareTogetherAndSumsTheirRequests(@TempDir Path raw) throws Exception {
        CountDownLatch a = new CountDownLatch(1);
        CountDownLatch b = new CountDownLatch(1);
        FakeGenerator first = new FakeGenerator(a, b, null);
        FakeGenerator second = new FakeGenerator(b, a, null);
        SplitGenerator split = new SplitGenerator(
                List.of("ssh:gen-1", "ssh:gen-2"),
                List.of(first, second),
                List.of(new LoopbackTopology(), new LoopbackTopology()));

        GeneratorResult result = split.run(request(21, raw));

        assertThat(first.seen.get(0).connections()).isEqualTo(11);
        assertThat(second.seen.get(0).connections()).isEqualTo(10);
        assertThat(first.seen.get(0).rawDir()).isEqualTo(raw.resolve("generator-1"));
        assertThat(result.requests()).isEqualTo(210);
        assertThat(result.rps()).isEqualTo(105.0);
        assertThat(split.parts("21")).hasValueSatisfying(parts -> {
            assertThat(parts.shares()).containsExactly(11, 10);
            assertThat(parts.requests()).containsExactly(110L, 100L);
            assertThat(parts.startSkewMs())
                    .hasSize(2)
                    .allSatisfy(skew -> assertThat(skew).isNotNegative());
        });
        assertThat(raw.resolve("generators-21.json"))
                .content()
                .contains("\"box\" : \"ssh:gen-2\"")
                .contains("\"share\" : 10");
    }

    @Test
    void aFailingBoxFailsTheStepNamingTheBox(@TempDir Path raw) {
        CountDownLatch a = new CountDownLatch(1);
        CountDownLatch b = new CountDownLatch(1);
        SplitGenerator split = new SplitGenerator(
                List.of("ssh:gen-1", "ssh:gen-2"),
                List.of(new FakeGenerator(a, b, null), new FakeGenerator(b, a, "wrk exited with code 1")),
                List.of(new LoopbackTopology(), new LoopbackTopology()));

        assertThatThrownBy(() -> split.run(request(20, raw)))
                .isInstanceOf(GeneratorException.class)
                .hasMessage("generator box ssh:gen-2: wrk exited with code 1");
    }

    @Test
    void refusesAStepSmallerThanTheNumberOfBoxes(@TempDir Path raw) {
        CountDownLatch a = new CountDownLatch(1);
        SplitGenerator split = new SplitGenerator(
                List.of("ssh:gen-1", "ssh:gen-2"),
                List.of(new FakeGenerator(a, a, null), new FakeGenerator(a, a, null)),
                List.of(new LoopbackTopology(), new LoopbackTopology()));

        assertThatThrownBy(() -> split.run(request(1, raw))).hasMessageStartingWith("step 1 is smaller than the 2");
    }
}
